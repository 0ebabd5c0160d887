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

/**
 * The signed-in user's unread notifications; 0 until known, and 0 if the count can't be read.
 * Unlike other data it is asked for again whenever the window regains focus (docs/product.md
 * §4): a badge that waits for a reload misses what happened while the person was away.
 */
export function useUnreadNotificationCount(): number {
  const { data } = useQuery({ ...unreadCountQueryOptions(), refetchOnWindowFocus: 'always' });
  return data?.count ?? 0;
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
