/** Web push: the key browsers subscribe with (public), and one's devices (signed in). */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorSchema, idParams } from '#shared/schemas/common';
import { pushDeviceSchema, pushKeySchema, pushSubscriptionBodySchema } from '#shared/schemas/push';
import { signedInRoutes } from '#server/auth/route-groups.ts';
import { getPushKey, listDevices, removeDevice, subscribe } from './service.ts';
import type { PushSettings } from './settings.ts';

const tags = ['push'];

export const pushRoutes: FastifyPluginAsyncZod<{ settings: PushSettings }> = async (
  app,
  { settings },
) => {
  app.get(
    '/push/key',
    {
      schema: {
        tags,
        summary: 'The VAPID public key a browser subscribes with (its applicationServerKey)',
        response: { 200: pushKeySchema },
      },
    },
    async (request) => getPushKey(request.ctx, settings),
  );

  await signedInRoutes(app, (routes) => {
    routes.post(
      '/push/subscriptions',
      {
        schema: {
          tags,
          summary:
            "Keep this browser's PushSubscription as one of your devices (201 when new, 200 when the endpoint was known: it moves to you)",
          body: pushSubscriptionBodySchema,
          response: {
            200: pushDeviceSchema,
            201: pushDeviceSchema,
            400: errorSchema,
            409: errorSchema,
          },
        },
      },
      async (request, reply) => {
        const { created, device } = await subscribe(
          request.ctx,
          settings,
          request.body,
          request.headers['user-agent'],
        );
        return reply.status(created ? 201 : 200).send(device);
      },
    );

    routes.get(
      '/push/subscriptions',
      {
        schema: {
          tags,
          summary: 'Your devices with push notifications, newest first',
          response: { 200: z.array(pushDeviceSchema) },
        },
      },
      async (request) => listDevices(request.ctx, settings),
    );

    routes.delete(
      '/push/subscriptions/:id',
      {
        schema: {
          tags,
          summary: 'Remove one of your devices: it gets no more pushes',
          params: idParams,
          response: { 204: z.null(), 400: errorSchema, 404: errorSchema },
        },
      },
      async (request, reply) => {
        await removeDevice(request.ctx, request.params.id);
        return reply.status(204).send(null);
      },
    );
  });
};
