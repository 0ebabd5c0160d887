/**
 * Refuses state-changing requests that a browser sent from another site. SameSite=Lax
 * cookies already stop most of them; this closes the rest (and same-site subdomains).
 * Requests without browser provenance headers (server-to-server, CLI) are not affected.
 * A route whose config says `crossSite: true` is let through: one that uses no session and
 * whose request carries its own authority (the one-click unsubscribe, which mail clients
 * post from their own origin with a signed, single-use token in its path).
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { forbidden } from '../http-error.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Posted from other sites by design, and needing no session (see above). */
    crossSite?: boolean;
  }
}

export function isCrossOrigin(
  headers: { origin?: string; referer?: string; 'sec-fetch-site'?: string | string[] },
  allowedOrigin: string,
): boolean {
  const { origin } = headers;
  if (origin && origin !== 'null') return origin !== allowedOrigin;
  const site = headers['sec-fetch-site'];
  // Browsers send Origin: null from privacy-sensitive contexts; Sec-Fetch-Site then decides.
  if (site !== undefined) return site !== 'same-origin' && site !== 'none';
  if (origin === 'null') return true;
  // An older browser following a link says where it came from, if anything.
  return headers.referer !== undefined && originOf(headers.referer) !== allowedOrigin;
}

function originOf(url: string): string | undefined {
  try {
    return new URL(url).origin;
  } catch {
    return undefined;
  }
}

export const sameOriginPlugin = fp(async (app: FastifyInstance, options: { publicUrl: string }) => {
  const allowedOrigin = new URL(options.publicUrl).origin;
  app.addHook('onRequest', async (request) => {
    if (SAFE_METHODS.has(request.method) || request.routeOptions.config.crossSite) return;
    if (isCrossOrigin(request.headers, allowedOrigin)) {
      throw forbidden('Cross-origin request refused');
    }
  });
});
