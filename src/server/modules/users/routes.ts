import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorSchema } from '#shared/schemas/common';
import { currentUserSchema, userIdParams, userStatsSchema } from '#shared/schemas/users';
import { requireSignIn } from '../../auth/sessions.ts';
import { getCurrentUser, getUserStats } from './service.ts';

export const usersRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', requireSignIn);

  app.get(
    '/user',
    {
      schema: {
        tags: ['users'],
        summary: 'The signed-in user',
        response: { 200: currentUserSchema, 401: errorSchema },
      },
    },
    async (request) => getCurrentUser(request.ctx),
  );

  app.get(
    '/users/:id/stats',
    {
      schema: {
        tags: ['users'],
        summary:
          "A person's concerts, reviews, follows, average rating and the likes and comments they got",
        params: userIdParams,
        response: { 200: userStatsSchema, 400: errorSchema, 401: errorSchema, 404: errorSchema },
      },
    },
    async (request) => getUserStats(request.ctx, request.params.id),
  );
};
