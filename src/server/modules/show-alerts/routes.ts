import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorSchema } from '#shared/schemas/common';
import { showAlertSettingsSchema, showAlertSettingsUpdateSchema } from '#shared/schemas/calendar';
import { signedInRoutes } from '#server/auth/route-groups.ts';
import type { WriteLimits } from '#server/config.ts';
import { getShowAlertSettings, updateShowAlertSettings } from './service.ts';

/** The signed-in person's new-show alert settings. */
export const showAlertsRoutes: FastifyPluginAsyncZod<{ limits: WriteLimits }> = async (
  app,
  { limits },
) => {
  await signedInRoutes(app, (routes) => {
    routes.get(
      '/users/me/show-alerts',
      {
        schema: {
          tags: ['show-alerts'],
          summary: "The signed-in user's new-show alerts: on or off, and the chosen cities",
          response: { 200: showAlertSettingsSchema },
        },
      },
      async (request) => getShowAlertSettings(request.ctx),
    );

    routes.put(
      '/users/me/show-alerts',
      {
        schema: {
          tags: ['show-alerts'],
          summary: 'Turn new-show alerts on or off and choose their cities (besides the profile’s)',
          body: showAlertSettingsUpdateSchema,
          response: { 200: showAlertSettingsSchema, 400: errorSchema, 429: errorSchema },
        },
      },
      async (request) => updateShowAlertSettings(request.ctx, request.body, limits),
    );
  });
};
