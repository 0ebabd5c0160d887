import type { FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import { z } from 'zod';
import { ResponseCache } from '../response-cache.ts';

declare module 'fastify' {
  interface FastifyInstance {
    responseCache: ResponseCache;
  }
}

/** Bounds the memory of the cache: 500 bodies of at most a 100-concert page, about 30 MB. */
const MAX_CACHED_BODIES = 500;

/** Makes a ResponseCache available as `app.responseCache` (off when ttlSeconds is 0). */
export const responseCachePlugin = fp(
  async (app: FastifyInstance, options: { ttlSeconds: number }) => {
    app.decorate(
      'responseCache',
      new ResponseCache({
        ttlMs: options.ttlSeconds * 1000,
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
