import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { NOTIFICATION_PAGE_DEFAULT, type Notification } from '#shared/schemas/notifications';
import { api } from '#client/lib/api';
import { pageSearch, pagesBeforeLastId } from '#client/lib/pages';
import { FRESH_FOR_MS } from '#client/lib/query';
import { notificationKeys } from './keys';

/** GET /api/notifications: one page, newest first, after `before`. */
export function getNotifications(
  before: string | undefined,
  signal?: AbortSignal,
): Promise<Notification[]> {
  return api.get<Notification[]>('/notifications', {
    search: pageSearch(NOTIFICATION_PAGE_DEFAULT, before),
    signal,
  });
}

/** The notices a page at a time; the next page starts after the last id. */
export const notificationsQueryOptions = infiniteQueryOptions({
  queryKey: notificationKeys.list(),
  queryFn: ({ pageParam, signal }) => getNotifications(pageParam, signal),
  ...pagesBeforeLastId(NOTIFICATION_PAGE_DEFAULT),
  staleTime: FRESH_FOR_MS.shared,
});

export const useNotifications = () => useInfiniteQuery(notificationsQueryOptions);
