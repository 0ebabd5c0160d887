import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CalendarFeed, CalendarFeedUpdate } from '#shared/schemas/calendar';
import { toast } from '#client/components/ui/use-toast';
import { api } from '#client/lib/api';
import { apiQuery } from '#client/lib/api-query';
import { FRESH_FOR_MS } from '#client/lib/query';
import { refresh, refreshes } from '#client/lib/refreshes';
import { settingsKeys } from './keys';
import { mergeAtOnce, toastUndone } from './merge-at-once';

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
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resetCalendarFeed,
    onSuccess: (feed) => {
      queryClient.setQueryData(settingsKeys.calendarFeed(), feed);
      void refresh(queryClient, refreshes.calendarFeedChanged());
      toast({
        title: 'Feed link reset',
        description: 'The old link no longer works. Subscribe to the new one in your calendar.',
      });
    },
    onError: () => {
      toast({
        title: 'Failed to reset the feed link',
        description: 'Your link is unchanged. Please try again.',
        variant: 'destructive',
      });
    },
  });
}

/** Whether followed artists' shows join the feed; the switch moves at once, back on failure. */
export function useUpdateCalendarFeed() {
  const queryClient = useQueryClient();
  const key = settingsKeys.calendarFeed();
  return useMutation({
    mutationFn: updateCalendarFeed,
    onMutate: (update) => mergeAtOnce<CalendarFeed>(queryClient, key, update),
    onError: (_error, _update, context) => {
      if (context?.previous) queryClient.setQueryData(key, context.previous);
      toastUndone();
    },
    onSuccess: (feed) => {
      queryClient.setQueryData(key, feed);
      void refresh(queryClient, refreshes.calendarFeedChanged());
    },
  });
}
