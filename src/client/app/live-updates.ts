/**
 * The signed-in page's live stream (GET /api/events): the badge and the notices are read
 * again when the server says they changed, and reviews reaching the Following timeline are
 * kept aside for its "{n} new reviews" button. One stream per tab, open while the tab is
 * seen: a hidden tab lets its stream go (a browser holds few connections per site), and
 * says where it was when it opens one again, so the server tells it what it missed. Where
 * there is no stream (an old browser, a refusal), the badge is read on each page and on
 * focus as before.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import {
  LAST_EVENT_ID_PARAM,
  LIVE_EVENTS,
  LIVE_EVENTS_PATH,
  type TimelineEventData,
} from '#shared/live-events';
import { notificationKeys } from '#client/features/notifications/api/keys';
import {
  forgetArrivedReviews,
  noteArrivedReview,
} from '#client/features/reviews/lib/arrived-reviews';

export function useLiveUpdates(userId: string): void {
  const queryClient = useQueryClient();

  useEffect(() => {
    if (typeof EventSource === 'undefined') return;
    let source: EventSource | undefined;
    let lastEventId: string | undefined;

    const heard = (event: MessageEvent<string>) => {
      if (event.lastEventId) lastEventId = event.lastEventId;
    };
    const onNotices = (event: MessageEvent<string>) => {
      heard(event);
      void queryClient.invalidateQueries({ queryKey: notificationKeys.all });
    };
    const onTimeline = (event: MessageEvent<string>) => {
      heard(event);
      try {
        noteArrivedReview((JSON.parse(event.data) as TimelineEventData).reviewId);
      } catch {
        // Not an event of ours.
      }
    };

    const open = () => {
      if (source) return;
      const search = lastEventId
        ? `?${LAST_EVENT_ID_PARAM}=${encodeURIComponent(lastEventId)}`
        : '';
      source = new EventSource(`${LIVE_EVENTS_PATH}${search}`);
      source.addEventListener(LIVE_EVENTS.notices, onNotices);
      source.addEventListener(LIVE_EVENTS.timeline, onTimeline);
      // The browser connects again by itself after a lost connection; a refusal (signed
      // out, too many tabs) closes it for good, until the tab is next shown.
      source.addEventListener('error', () => {
        if (source?.readyState === EventSource.CLOSED) close();
      });
    };
    const close = () => {
      source?.close();
      source = undefined;
    };
    const onVisibility = () => (document.visibilityState === 'hidden' ? close() : open());

    if (document.visibilityState !== 'hidden') open();
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      document.removeEventListener('visibilitychange', onVisibility);
      close();
      forgetArrivedReviews();
    };
  }, [queryClient, userId]);
}
