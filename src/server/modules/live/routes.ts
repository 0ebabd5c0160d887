/** GET /api/events: a signed-in page's stream of what changes for its person while it is open. */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorSchema } from '#shared/schemas/common';
import { LAST_EVENT_ID_PARAM } from '#shared/live-events';
import { signedInRoutes } from '#server/auth/route-groups.ts';
import type { Listen } from '#server/db/index.ts';
import { LIVE_CHANNEL, parseHeard } from './heard.ts';
import { checkRoomForStream, openLiveStream } from './service.ts';
import { LiveStreams, type LiveSettings } from './streams.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The event streams open on this instance. */
    liveStreams: LiveStreams;
  }
}

/**
 * This instance's streams, and what the database tells them (every instance hears every
 * notice, and passes on those of the people connected to it). Without `listen` (a test app
 * built on a bare database) streams open but hear nothing.
 */
export const livePlugin = fp(
  async (
    app: FastifyInstance,
    options: { settings: LiveSettings; listen?: Listen | undefined },
  ) => {
    const streams = new LiveStreams(options.settings);
    app.decorate('liveStreams', streams);
    // Open streams would keep the server from closing.
    app.addHook('preClose', async () => streams.closeAll());

    const { listen } = options;
    if (!listen) return;
    let stop: (() => Promise<void>) | undefined;
    app.addHook('onReady', async () => {
      stop = await listen(LIVE_CHANNEL, {
        onPayload(payload) {
          const heard = parseHeard(payload);
          if (heard) streams.hear(heard);
        },
        onGap: () => streams.mayHaveMissed(),
        onError: (error) => app.log.warn({ err: error }, 'live events connection failed'),
      });
    });
    app.addHook('onClose', async () => stop?.());
  },
  { name: 'live' },
);

const eventsQuerySchema = z.object({
  [LAST_EVENT_ID_PARAM]: z
    .string()
    .max(20)
    .optional()
    .describe(
      'The id of the last event heard, for a new stream (a reconnecting one sends Last-Event-ID)',
    ),
});

export const liveRoutes: FastifyPluginAsyncZod = async (app) => {
  await signedInRoutes(app, (routes) => {
    routes.get(
      '/events',
      {
        schema: {
          tags: ['live'],
          summary:
            'Server-sent events (text/event-stream) while the page is open: `notices` when your notices or follow requests change, `timeline` ({ reviewId }) when a review reaches your Following timeline; a comment line each heartbeat',
          querystring: eventsQuerySchema,
          response: {
            200: z.string().describe('text/event-stream'),
            429: errorSchema,
            503: errorSchema,
          },
        },
      },
      async (request, reply) => {
        checkRoomForStream(app.liveStreams, request.ctx);
        const lastEventId = request.headers['last-event-id'] ?? request.query[LAST_EVENT_ID_PARAM];
        reply.hijack();
        await openLiveStream(
          app.liveStreams,
          request.ctx,
          request.session.id!,
          reply.raw,
          typeof lastEventId === 'string' ? lastEventId : undefined,
        );
      },
    );
  });
};
