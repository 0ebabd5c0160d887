import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * Helmet's security headers on every response, worked out once: none of ours depends on
 * the request. They go to Fastify's reply with its own headers, so Node writes them all in
 * one go; set one by one on the raw response, as helmet's middleware does, they sent every
 * other header of the response through setHeader too. A response written past Fastify
 * (the middleware under `rawPrefix`) gets them on the raw response instead.
 */
export const securityHeadersPlugin = fp(
  async (app: FastifyInstance, options: { helmet: HelmetOptions; rawPrefix: string }) => {
    const headers = helmetHeaders(options.helmet);
    const entries = Object.entries(headers);
    app.addHook('onRequest', (request, reply, done) => {
      if (request.url.startsWith(options.rawPrefix)) {
        for (const [name, value] of entries) reply.raw.setHeader(name, value);
      } else {
        reply.headers(headers);
      }
      done();
    });
  },
  { name: 'security-headers' },
);

/** The headers helmet's middleware sets with these options, by lowercase name. */
function helmetHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  let called = false;
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, () => {
    called = true;
  });
  if (!called) throw new Error('helmet did not finish synchronously');
  return headers;
}
