/**
 * Refuses state-changing requests that a browser sent from another site. SameSite=Lax
 * cookies already stop most of them; this closes the rest (and same-site subdomains).
 * Requests without browser provenance headers (server-to-server, CLI) are not affected.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { forbidden } from '../http-error.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export const sameOriginPlugin = fp(async (app: FastifyInstance, options: { publicUrl: string }) => {
  const allowedOrigin = new URL(options.publicUrl).origin;
  app.addHook('onRequest', async (request) => {
    if (SAFE_METHODS.has(request.method)) return;
    const origin = request.headers.origin;
    if (origin !== undefined) {
      if (origin !== allowedOrigin) throw forbidden('Cross-origin request refused');
      return;
    }
    if (request.headers['sec-fetch-site'] === 'cross-site') {
      throw forbidden('Cross-origin request refused');
    }
  });
});
