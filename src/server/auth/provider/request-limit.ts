/**
 * A per-address request limit on everything of the embedded sign-in: the provider's
 * endpoints (/oidc, middleware, so outside any route scope), the sign-in pages
 * (/interaction) and the reset pages (/account). Encore's own server-to-server calls to
 * the token endpoint carry its client credentials and are not counted: every sign-in
 * makes one, from the same address.
 */
import rateLimit, { type FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { timingSafeEqual } from 'node:crypto';
import { tooMany } from './page-replies.ts';
import { messagePage } from './pages.ts';

const GUARDED = /^\/(?:oidc|interaction|account)(?:\/|$|\?)/;

export const signInRequestLimit = fp(
  async (
    app: FastifyInstance,
    options: {
      requestsPerMinute: number;
      ownClientAuthorization: string;
      /** Where requests are counted (shared by every instance). */
      store: FastifyRateLimitStoreCtor;
    },
  ) => {
    await app.register(rateLimit, { global: false, store: options.store, skipOnError: true });
    const check = app.createRateLimit({
      max: options.requestsPerMinute,
      timeWindow: 60_000,
      keyGenerator: (request) => `sign-in:${request.ip}`,
    });
    const own = Buffer.from(options.ownClientAuthorization);
    const isOwnClient = (authorization: string | undefined) => {
      if (!authorization) return false;
      const given = Buffer.from(authorization);
      return given.length === own.length && timingSafeEqual(given, own);
    };

    app.addHook('onRequest', async (request, reply) => {
      if (!GUARDED.test(request.url) || isOwnClient(request.headers.authorization)) return;
      const result = await check(request);
      if (result.isAllowed || !result.isExceeded) return;
      return tooMany(
        request,
        reply,
        result.ttl,
        'Too many requests from this network. Please wait a minute and try again.',
        (message) => messagePage('Slow down', message),
      );
    });
  },
  { name: 'sign-in-request-limit' },
);
