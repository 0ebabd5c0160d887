import type { CalendarFeed, CalendarFeedUpdate } from '#shared/schemas/calendar';
import { api } from '#client/lib/api';
import { cacheSet, useApiMutation } from '#client/lib/api-mutation';
import { apiQuery } from '#client/lib/api-query';
import { FRESH_FOR_MS } from '#client/lib/query';
import { refreshes } from '#client/lib/refreshes';
import { settingsKeys } from './keys';
import { mergedAtOnce, undone } from './merge-at-once';

const FEED_PATH = '/users/me/calendar-feed';

/** GET /api/users/me/calendar-feed: the person's private feed address (made on the first ask). */
export const { options: calendarFeedQueryOptions, use: useCalendarFeed } = apiQuery<CalendarFeed>({
  key: settingsKeys.calendarFeed,
  path: () => FEED_PATH,
  staleTime: FRESH_FOR_MS.own,
});

/** The whole address a calendar app subscribes to: the feed's path on this app's origin. */
export const feedAddress = (feed: CalendarFeed) => `${window.location.origin}${feed.path}`;

/** POST /api/users/me/calendar-feed/reset. */
export function resetCalendarFeed(): Promise<CalendarFeed> {
  return api.post<CalendarFeed>(`${FEED_PATH}/reset`);
}

/** PATCH /api/users/me/calendar-feed. */
export function updateCalendarFeed(update: CalendarFeedUpdate): Promise<CalendarFeed> {
  return api.patch<CalendarFeed>(FEED_PATH, update);
}

/** A new address; the old one stops working at once. */
export function useResetCalendarFeed() {
  return useApiMutation({
    send: resetCalendarFeed,
    refreshes: () => refreshes.calendarFeedChanged(),
    answered: (feed) => [cacheSet<CalendarFeed>(settingsKeys.calendarFeed(), feed)],
    succeeded: () => ({
      title: 'Feed link reset',
      description: 'The old link no longer works. Subscribe to the new one in your calendar.',
    }),
    failed: () => ({
      title: 'Failed to reset the feed link',
      description: 'Your link is unchanged. Please try again.',
      variant: 'destructive',
    }),
  });
}

/** Whether followed artists' shows join the feed; the switch moves at once, back on failure. */
export function useUpdateCalendarFeed() {
  const key = settingsKeys.calendarFeed();
  return useApiMutation({
    send: updateCalendarFeed,
    refreshes: () => refreshes.calendarFeedChanged(),
    optimistic: (update) => [mergedAtOnce<CalendarFeed>(key, update)],
    answered: (feed) => [cacheSet<CalendarFeed>(key, feed)],
    failed: () => undone(),
  });
}
