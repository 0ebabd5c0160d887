import { useQuery } from '@tanstack/react-query';
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

/** The signed-in user's unread notifications; 0 until known, and 0 if the count can't be read. */
export function useUnreadNotificationCount(): number {
  const { data } = useQuery(unreadCountQueryOptions());
  return data?.count ?? 0;
}
