import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorSchema, idParams } from '#shared/schemas/common';
import {
  notificationListQuerySchema,
  notificationSchema,
  unreadCountSchema,
} from '#shared/schemas/notifications';
import { signedInRoutes } from '#server/auth/route-groups.ts';
import {
  listNotifications,
  markAllNotificationsRead,
  markNotificationRead,
  unreadCount,
} from './service.ts';

export const notificationsRoutes: FastifyPluginAsyncZod = async (app) => {
  await signedInRoutes(app, (routes) => {
    routes.get(
      '/notifications',
      {
        schema: {
          tags: ['notifications'],
          summary:
            "The signed-in user's notifications, newest first; `before` is the last one's id",
          querystring: notificationListQuerySchema,
          response: { 200: z.array(notificationSchema), 400: errorSchema },
        },
      },
      async (request) => listNotifications(request.ctx, request.query),
    );

    routes.get(
      '/notifications/unread-count',
      {
        schema: {
          tags: ['notifications'],
          summary:
            "How many of the signed-in user's notifications are unread, and how many follow requests wait for an answer",
          response: { 200: unreadCountSchema },
        },
      },
      async (request) => unreadCount(request.ctx),
    );

    routes.post(
      '/notifications/read-all',
      {
        schema: {
          tags: ['notifications'],
          summary: 'Mark every notification read; answers the unread count after',
          response: { 200: unreadCountSchema },
        },
      },
      async (request) => markAllNotificationsRead(request.ctx),
    );

    routes.post(
      '/notifications/:id/read',
      {
        schema: {
          tags: ['notifications'],
          summary: 'Mark one of your notifications read; answers the unread count after',
          params: idParams,
          response: {
            200: unreadCountSchema,
            400: errorSchema,
            404: errorSchema,
          },
        },
      },
      async (request) => markNotificationRead(request.ctx, request.params.id),
    );
  });
};
