import type { InfiniteData } from '@tanstack/react-query';
import type { Notification, UnreadCount } from '#shared/schemas/notifications';
import { api } from '#client/lib/api';
import { cachePatch, cacheSet, useApiMutation } from '#client/lib/api-mutation';
import { refreshes } from '#client/lib/refreshes';
import { notificationKeys } from './keys';

type NotificationPages = InfiniteData<Notification[], string | undefined>;

/** POST /api/notifications/{id}/read; answers the unread count. */
export function markNotificationRead(id: string): Promise<UnreadCount> {
  return api.post<UnreadCount>(`/notifications/${encodeURIComponent(id)}/read`);
}

/** POST /api/notifications/read-all; answers the unread count. */
export function markAllNotificationsRead(): Promise<UnreadCount> {
  return api.post<UnreadCount>('/notifications/read-all');
}

/** Marks read the cached notices `id` names (all of them when undefined); `isRead` puts them back. */
const marking =
  (id: string | undefined, isRead: (notice: Notification) => boolean) =>
  (data: NotificationPages): NotificationPages => ({
    ...data,
    pages: data.pages.map((page) =>
      page.map((notice) =>
        id === undefined || notice.id === id ? { ...notice, isRead: isRead(notice) } : notice,
      ),
    ),
  });

/**
 * Marks one notice, or all (`id` undefined), read: the list shows it at once, the sidebar
 * badge takes the unread count the server answers, and a failure puts back what this marked
 * before the list is asked for again as the server has it.
 */
export function useMarkNotificationsRead() {
  return useApiMutation({
    send: (id: string | undefined) =>
      id === undefined ? markAllNotificationsRead() : markNotificationRead(id),
    refreshes: () => refreshes.notificationsRead(),
    optimistic: (id) => [
      cachePatch<NotificationPages>(
        notificationKeys.list(),
        marking(id, () => true),
        (current, before) => {
          const wasRead = new Map(before.pages.flat().map((notice) => [notice.id, notice.isRead]));
          return marking(id, (notice) => wasRead.get(notice.id) ?? notice.isRead)(current);
        },
      ),
    ],
    answered: (unread) => [cacheSet<UnreadCount>(notificationKeys.unreadCount(), unread)],
    failed: (_error, id) =>
      id === undefined
        ? {
            title: 'Error',
            description: 'Failed to mark notifications as read. Please try again.',
            variant: 'destructive',
          }
        : undefined,
  });
}
