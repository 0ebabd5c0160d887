import type { FastifyReply, FastifyRequest } from 'fastify';

/** A page of the sign-in flow: never stored by a browser or a proxy. */
export const html = (reply: FastifyReply, status: number, page: string) =>
  reply
    .status(status)
    .type('text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .send(page);

const wantsPage = (request: FastifyRequest) => (request.headers.accept ?? '').includes('text/html');

/**
 * A 429 with Retry-After: the page itself (saying what to do) for a browser, the app's
 * `{ message }` for anything else.
 */
export function tooMany(
  request: FastifyRequest,
  reply: FastifyReply,
  retryAfterMs: number,
  message: string,
  page: (message: string) => string,
) {
  reply.header('retry-after', Math.max(1, Math.ceil(retryAfterMs / 1000)));
  if (wantsPage(request)) return html(reply, 429, page(message));
  return reply.status(429).header('cache-control', 'no-store').send({ message });
}

/** "Please wait 3 minutes and try again." */
export function waitSentence(retryAfterMs: number): string {
  const minutes = Math.max(1, Math.ceil(retryAfterMs / 60_000));
  return `Please wait ${minutes} minute${minutes === 1 ? '' : 's'} and try again.`;
}
