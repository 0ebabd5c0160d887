import { queryOptions, useQuery } from '@tanstack/react-query';
import type { UnreadCount } from '#shared/schemas/notifications';
import { api } from '#client/lib/api';
import { FRESH_FOR_MS } from '#client/lib/query';
import { notificationKeys } from './keys';

/** GET /api/notifications/unread-count. */
export function getUnreadCount(signal?: AbortSignal): Promise<UnreadCount> {
  return api.get<UnreadCount>('/notifications/unread-count', { signal });
}

export const unreadCountQueryOptions = queryOptions({
  queryKey: notificationKeys.unreadCount(),
  queryFn: ({ signal }) => getUnreadCount(signal),
  staleTime: FRESH_FOR_MS.shared,
});

/** The signed-in user's unread notifications; 0 until known, and 0 if the count can't be read. */
export function useUnreadNotificationCount(): number {
  const { data } = useQuery(unreadCountQueryOptions);
  return data?.count ?? 0;
}
