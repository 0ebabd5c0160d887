/**
 * How Encore logs: one line per request with its id (which error answers return too), and
 * never a secret. Failed statements are logged without their parameters or the database's
 * detail (which quotes row values: a password hash, an e-mail); cookies and authorization
 * headers are redacted; the query of the sign-in callback, the provider's endpoints and the
 * reset pages (codes, tokens, state) is left out, and so is the file of a calendar feed's
 * address, whose token is the feed's only key and is polled by calendar apps all day.
 */
import type { FastifyRequest, FastifyServerOptions } from 'fastify';

/** Paths whose query strings carry secrets. */
const SECRET_QUERY = /^\/(?:api\/callback|oidc|interaction|account)(?:\/|\?|$)/;

/** Addresses that are secrets themselves: `/api/calendar/{token}.ics`. */
const SECRET_FILE = /^\/api\/calendar\//;

export function loggedUrl(url: string): string {
  if (SECRET_FILE.test(url)) return '/api/calendar/[redacted]';
  const query = url.indexOf('?');
  if (query === -1 || !SECRET_QUERY.test(url)) return url;
  return `${url.slice(0, query)}?[redacted]`;
}

interface DatabaseErrorFields {
  code?: unknown;
  constraint?: unknown;
  table?: unknown;
  column?: unknown;
  query?: unknown;
  params?: unknown;
}

/** An error as logged: name, message, stack, SQLSTATE and constraint; never values. */
export interface LoggedError {
  [key: string]: unknown;
  type: string;
  message: string;
  stack: string;
}

export function serializeError(error: unknown, depth = 0): LoggedError {
  if (!(error instanceof Error)) return { type: typeof error, message: String(error), stack: '' };
  const fields = error as Error & DatabaseErrorFields;
  // Drizzle's message is "Failed query: <sql>\nparams: <values>": keep the SQL only.
  const message =
    typeof fields.query === 'string' && fields.params !== undefined
      ? `Failed query: ${fields.query}`
      : error.message;
  const frames = (error.stack ?? '').split('\n').filter((line) => /^\s+at /.test(line));
  const serialized: LoggedError = {
    type: error.name,
    message,
    stack: [`${error.name}: ${message}`, ...frames].join('\n'),
  };
  for (const key of ['code', 'constraint', 'table', 'column'] as const) {
    if (typeof fields[key] === 'string') serialized[key] = fields[key];
  }
  if (error.cause !== undefined && depth < 3)
    serialized.cause = serializeError(error.cause, depth + 1);
  return serialized;
}

const REDACTED_HEADERS = ['cookie', 'authorization', '"set-cookie"'];

export function loggerOptions(options: {
  level: string;
  stream?: NodeJS.WritableStream | undefined;
}): Exclude<FastifyServerOptions['logger'], boolean | undefined> {
  return {
    level: options.level,
    ...(options.stream ? { stream: options.stream } : {}),
    redact: {
      paths: REDACTED_HEADERS.flatMap((header) => [
        `req.headers.${header}`,
        `res.headers.${header}`,
        `headers.${header}`,
      ]),
      censor: '[redacted]',
    },
    serializers: {
      err: (error: unknown) => serializeError(error),
      req: (request: FastifyRequest) => ({
        method: request.method,
        url: loggedUrl(request.url),
        remoteAddress: request.ip,
      }),
    },
  };
}
