import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorSchema } from '#shared/schemas/common';
import { currentUserSchema } from '#shared/schemas/users';
import { requireSignIn } from '../../auth/sessions.ts';
import { getCurrentUser } from './service.ts';

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
};
