/** Mutes: people whose reviews someone keeps out of their Following timeline. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorSchema, idParams } from '#shared/schemas/common';
import {
  muteListQuerySchema,
  mutedPersonSchema,
  muteStateSchema,
} from '#shared/schemas/moderation';
import { signedInRoutes } from '#server/auth/route-groups.ts';
import { getMuteState, listMutes, muteUser, unmuteUser } from './service.ts';

const tags = ['users'];
const errors = { 400: errorSchema, 404: errorSchema };

export const mutesRoutes: FastifyPluginAsyncZod = async (app) => {
  await signedInRoutes(app, (routes) => {
    routes.get(
      '/users/me/mutes',
      {
        schema: {
          tags,
          summary: 'The people you muted, newest first',
          querystring: muteListQuerySchema,
          response: { 200: z.array(mutedPersonSchema), 400: errorSchema },
        },
      },
      async ({ query, ctx }) => listMutes(ctx, query),
    );

    routes.get(
      '/users/:id/mute',
      {
        schema: {
          tags,
          summary: 'Whether you muted this person',
          params: idParams,
          response: { 200: muteStateSchema, ...errors },
        },
      },
      async ({ params, ctx }) => getMuteState(ctx, params.id),
    );

    routes.post(
      '/users/:id/mute',
      {
        schema: {
          tags,
          summary:
            'Mute a person: their reviews leave your Following timeline; you still follow them, and they are not told',
          params: idParams,
          response: { 200: muteStateSchema, ...errors },
        },
      },
      async ({ params, ctx }) => muteUser(ctx, params.id),
    );

    routes.delete(
      '/users/:id/mute',
      {
        schema: {
          tags,
          summary: 'Unmute a person (fine if you had not muted them)',
          params: idParams,
          response: { 200: muteStateSchema, ...errors },
        },
      },
      async ({ params, ctx }) => unmuteUser(ctx, params.id),
    );
  });
};
