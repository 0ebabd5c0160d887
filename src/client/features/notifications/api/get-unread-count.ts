import { queryOptions, useQuery } from '@tanstack/react-query';
import type { UnreadCount } from '#shared/schemas/notifications';

export const unreadCountQueryKey = ['/api/notifications/unread-count'] as const;

export const unreadCountQueryOptions = queryOptions<UnreadCount>({
  queryKey: unreadCountQueryKey,
});

/** The signed-in user's unread notifications; 0 until known, and 0 if the count can't be read. */
export function useUnreadNotificationCount(): number {
  const { data } = useQuery(unreadCountQueryOptions);
  return data?.count ?? 0;
}
