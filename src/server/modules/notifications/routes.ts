import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorSchema } from '#shared/schemas/common';
import { unreadCountSchema } from '#shared/schemas/notifications';
import { requireSignIn } from '../../auth/sessions.ts';
import { countUnread } from './queries.ts';

export const notificationsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', requireSignIn);

  app.get(
    '/notifications/unread-count',
    {
      schema: {
        tags: ['notifications'],
        summary: "How many of the signed-in user's notifications are unread",
        response: { 200: unreadCountSchema, 401: errorSchema },
      },
    },
    async (request) => ({ count: await countUnread(request.ctx.db, request.ctx.requireViewer()) }),
  );
};
