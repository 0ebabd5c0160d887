/** The signed-in person's own account: profile edits, settings, export, deletion. */
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorSchema } from '#shared/schemas/common';
import {
  currentUserSchema,
  profileUpdateBodySchema,
  usernameCheckSchema,
  usernameParams,
  userSettingsSchema,
  userSettingsUpdateSchema,
} from '#shared/schemas/users';
import { signedInRoutes } from '#server/auth/route-groups.ts';
import { badRequest } from '#server/http-error.ts';
import { deleteAccount } from './deletion.ts';
import { EXPORT_FILE_NAME, exportAccount } from './export.ts';
import { checkUsername, getSettings, updateProfile, updateSettings } from './service.ts';

/**
 * Deleting an account cannot be undone, so the request must be exactly that: no query
 * and no body, lest a mistaken or malformed request do it.
 */
const noQuery = z.object({}).strict();
const refuseBody = async (request: FastifyRequest) => {
  const length = Number(request.headers['content-length'] ?? 0);
  if (request.headers['content-type'] || length > 0 || request.headers['transfer-encoding']) {
    throw badRequest('Invalid body: deleting your account takes none');
  }
};

export const accountRoutes: FastifyPluginAsyncZod<{ exportsPerHour: number }> = async (
  app,
  { exportsPerHour },
) => {
  await signedInRoutes(app, (routes) => {
    routes.get(
      '/users/check-username/:username',
      {
        schema: {
          tags: ['account'],
          summary: 'Whether a username is valid and free (your own counts as free)',
          params: usernameParams,
          response: { 200: usernameCheckSchema, 400: errorSchema },
        },
      },
      async (request) => checkUsername(request.ctx, request.params.username),
    );

    routes.put(
      '/users/me',
      {
        schema: {
          tags: ['account'],
          summary: 'Edit your profile: absent fields stay, blank ones are cleared',
          body: profileUpdateBodySchema,
          response: { 200: currentUserSchema, 400: errorSchema, 409: errorSchema },
        },
      },
      async (request) => updateProfile(request.ctx, request.body),
    );

    routes.delete(
      '/users/me',
      {
        schema: {
          tags: ['account'],
          summary: 'Delete your account and everything of it, and sign out everywhere',
          querystring: noQuery,
          response: { 204: z.null(), 400: errorSchema },
        },
        preValidation: refuseBody,
      },
      async (request, reply) => {
        await deleteAccount(request.ctx);
        return reply.status(204).send(null);
      },
    );

    routes.get(
      '/users/me/settings',
      {
        schema: {
          tags: ['account'],
          summary: 'Your settings (the defaults until you change one)',
          response: { 200: userSettingsSchema },
        },
      },
      async (request) => getSettings(request.ctx),
    );

    routes.put(
      '/users/me/settings',
      {
        schema: {
          tags: ['account'],
          summary: 'Change the settings named; the rest stay',
          body: userSettingsUpdateSchema,
          response: { 200: userSettingsSchema, 400: errorSchema },
        },
      },
      async (request) => updateSettings(request.ctx, request.body),
    );

    routes.get(
      '/users/me/export',
      {
        schema: {
          tags: ['account'],
          summary: 'Download everything Encore keeps of you, as a zip',
          produces: ['application/zip'],
          response: {
            200: z.unknown().describe('a zip archive'),
            429: errorSchema,
          },
        },
      },
      async (request, reply) => {
        const archive = await exportAccount(request.ctx, exportsPerHour);
        return reply
          .type('application/zip')
          .header('content-disposition', `attachment; filename="${EXPORT_FILE_NAME}"`)
          .header('cache-control', 'no-store')
          .send(archive);
      },
    );
  });
};
