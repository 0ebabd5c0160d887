import { useMutation, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import type { Notification, UnreadCount } from '#shared/schemas/notifications';
import { toast } from '#client/components/ui/use-toast';
import { api } from '#client/lib/api';
import { refresh, refreshes } from '#client/lib/refreshes';
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

/**
 * Marks one notice, or all (`id` undefined), read: the list shows it at once, the sidebar
 * badge takes the unread count the server answers, and a failure puts both back as the
 * server has them.
 */
export function useMarkNotificationsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string | undefined) =>
      id === undefined ? markAllNotificationsRead() : markNotificationRead(id),
    onMutate: async (id) => {
      await queryClient.cancelQueries({ queryKey: notificationKeys.list() });
      queryClient.setQueryData<NotificationPages>(notificationKeys.list(), (data) =>
        data
          ? {
              ...data,
              pages: data.pages.map((page) =>
                page.map((notice) =>
                  id === undefined || notice.id === id ? { ...notice, isRead: true } : notice,
                ),
              ),
            }
          : data,
      );
    },
    onSuccess: (unread) => {
      queryClient.setQueryData<UnreadCount>(notificationKeys.unreadCount(), unread);
    },
    onError: (_error, id) => {
      if (id === undefined) {
        toast({
          title: 'Error',
          description: 'Failed to mark notifications as read. Please try again.',
          variant: 'destructive',
        });
      }
    },
    onSettled: (_data, error) => {
      void refresh(queryClient, refreshes.notificationsRead());
      // The list was changed ahead of the server: after a refusal, the server's copy comes back.
      if (error) void queryClient.invalidateQueries({ queryKey: notificationKeys.list() });
    },
  });
}
