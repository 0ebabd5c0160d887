import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import type { UnreadCount } from '#shared/schemas/notifications';
import { apiQuery } from '#client/lib/api-query';
import { FRESH_FOR_MS } from '#client/lib/query';
import { notificationKeys } from './keys';

/** GET /api/notifications/unread-count. */
export const { options: unreadCountQueryOptions } = apiQuery<UnreadCount>({
  key: notificationKeys.unreadCount,
  path: () => '/notifications/unread-count',
  staleTime: FRESH_FOR_MS.shared,
});

const NOTHING_WAITING: UnreadCount = { count: 0, followRequests: 0 };

/**
 * What waits for the signed-in user: unread notices and follow requests to answer; none
 * until known, and none if it can't be read. Unlike other data it is asked for again
 * whenever the window regains focus (docs/product.md §4): a badge that waits for a reload
 * misses what happened while the person was away.
 */
export function useNoticesWaiting(): UnreadCount {
  const { data } = useQuery({ ...unreadCountQueryOptions(), refetchOnWindowFocus: 'always' });
  return data ?? NOTHING_WAITING;
}

/** The signed-in user's unread notices alone (what "Mark all as read" can change). */
export function useUnreadNotificationCount(): number {
  return useNoticesWaiting().count;
}

/** Asks for the unread count again each time the signed-in person moves to another page. */
export function useUnreadCountOnEachPage(location: string): void {
  const queryClient = useQueryClient();
  const lastLocation = useRef(location);
  useEffect(() => {
    if (location === lastLocation.current) return;
    lastLocation.current = location;
    void queryClient.invalidateQueries({ queryKey: notificationKeys.unreadCount() });
  }, [location, queryClient]);
}
