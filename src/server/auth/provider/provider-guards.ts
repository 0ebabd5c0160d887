/**
 * Middleware in front of the embedded provider (a Koa app mounted through middie): what
 * reaches it is checked and its idea of the public origin is fixed to PUBLIC_URL.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { isCleanText } from '#shared/schemas/common';

type Middleware = (request: IncomingMessage, response: ServerResponse, next: () => void) => void;

/**
 * The provider echoes query values into cookies and pages; one carrying a control character
 * would make it fail with a 500. Such a request is refused as OAuth refuses a bad request.
 */
export const refuseUncleanQuery: Middleware = (request, response, next) => {
  const query = new URL(request.url ?? '/', 'http://localhost').searchParams;
  for (const value of query.values()) {
    if (isCleanText(value)) continue;
    response.writeHead(400, { 'content-type': 'application/json; charset=utf-8' });
    response.end(
      JSON.stringify({
        error: 'invalid_request',
        error_description: 'a query parameter contains characters that are not allowed',
      }),
    );
    return;
  }
  next();
};

/**
 * The provider builds its endpoint URLs from the request's host and protocol. Those come
 * from PUBLIC_URL only: whatever Host or X-Forwarded-* a client sends is replaced, so no
 * client can write its own origin into the discovery document or a redirect.
 */
export function pinPublicOrigin(publicUrl: string): Middleware {
  const { host, protocol } = new URL(publicUrl);
  return (request, _response, next) => {
    request.headers.host = host;
    request.headers['x-forwarded-host'] = host;
    request.headers['x-forwarded-proto'] = protocol.replace(':', '');
    delete request.headers['x-forwarded-for'];
    delete request.headers.forwarded;
    next();
  };
}
