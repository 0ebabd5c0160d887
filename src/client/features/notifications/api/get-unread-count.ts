import { queryOptions, useQuery } from '@tanstack/react-query';
import type { UnreadCount } from '#shared/schemas/notifications';
import { getJson } from '../../../lib/api';
import { FRESH_FOR_MS } from '../../../lib/query';
import { notificationKeys } from './keys';

export const unreadCountQueryOptions = queryOptions({
  queryKey: notificationKeys.unreadCount(),
  queryFn: getJson<UnreadCount>('/api/notifications/unread-count'),
  staleTime: FRESH_FOR_MS.shared,
});

/** The signed-in user's unread notifications; 0 until known, and 0 if the count can't be read. */
export function useUnreadNotificationCount(): number {
  const { data } = useQuery(unreadCountQueryOptions);
  return data?.count ?? 0;
}
