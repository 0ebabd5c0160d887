import type { FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import { z } from 'zod';
import { ReadCache } from '../read-cache.ts';

declare module 'fastify' {
  interface FastifyInstance {
    responseCache: ReadCache<string>;
  }
}

/** Bounds the memory of the cache: 500 bodies of at most a 100-concert page, about 30 MB. */
const MAX_CACHED_BODIES = 500;

/**
 * Makes a cache of serialized JSON bodies available as `app.responseCache` (off when
 * ttlSeconds is 0): a body is fresh for ttlSeconds, then answered as long again while it
 * is refreshed in the background.
 */
export const responseCachePlugin = fp(
  async (app: FastifyInstance, options: { ttlSeconds: number }) => {
    app.decorate(
      'responseCache',
      new ReadCache<string>({
        ttlMs: options.ttlSeconds * 1000,
        staleMs: options.ttlSeconds * 1000,
        maxEntries: MAX_CACHED_BODIES,
        onRefreshError: (error) =>
          app.log.warn({ err: error }, 'refreshing a cached response failed; serving it stale'),
      }),
    );
  },
  { name: 'response-cache' },
);

/** The JSON text Fastify would send for `value` under a zod response schema. */
export function encodeJson<S extends z.ZodType>(schema: S, value: z.output<S>): string {
  return JSON.stringify(z.encode(schema, value));
}

/** Sends JSON text as it is: Fastify does not serialize a string typed as JSON again. */
export function sendJson(reply: FastifyReply, body: string): FastifyReply {
  return reply.type('application/json; charset=utf-8').send(body);
}
