import { NOTIFICATION_PAGE_DEFAULT, type Notification } from '#shared/schemas/notifications';
import { apiPages } from '#client/lib/api-query';
import { FRESH_FOR_MS } from '#client/lib/query';
import { notificationKeys } from './keys';

/** GET /api/notifications: the notices newest first, a page at a time. */
export const { options: notificationsQueryOptions, use: useNotifications } = apiPages<Notification>(
  {
    key: notificationKeys.list,
    path: () => '/notifications',
    limit: NOTIFICATION_PAGE_DEFAULT,
    staleTime: FRESH_FOR_MS.shared,
  },
);
