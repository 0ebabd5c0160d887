/** An error meant for the client: its status and message are answered as they are. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    /** Sent as Retry-After: when the same request may succeed again. */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const badRequest = (message: string) => new HttpError(400, message);
export const unauthorized = (message = 'Not signed in') => new HttpError(401, message);
export const forbidden = (message = 'Not allowed') => new HttpError(403, message);
export const notFound = (message: string) => new HttpError(404, message);
export const conflict = (message: string) => new HttpError(409, message);

/** A limit was reached: 429, saying in the message and in Retry-After when to come back. */
export function tooManyRequests(what: string, retryAfterMs: number): HttpError {
  const minutes = Math.max(1, Math.ceil(retryAfterMs / 60_000));
  const wait = minutes === 1 ? 'a minute' : `${minutes} minutes`;
  return new HttpError(
    429,
    `Too many ${what}; try again in ${wait}`,
    Math.max(1, Math.ceil(retryAfterMs / 1000)),
  );
}

/** Postgres SQLSTATE of a failed query, through Drizzle's wrapper on either driver. */
export function sqlState(error: unknown): string | undefined {
  const candidates = [error, (error as { cause?: unknown } | null)?.cause];
  for (const candidate of candidates) {
    const code = (candidate as { code?: unknown } | null)?.code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
  }
  return undefined;
}

/** Socket errors of a connection that could not be made or was lost. */
const CONNECTION_ERROR_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/**
 * Whether a failure means the database cannot be reached now, rather than that the request
 * was wrong: no connection could be made, the connection was lost, or the server is
 * shutting down, starting up or full (SQLSTATE class 08, 57P01–57P03, 53300). Such a
 * request may succeed once the database is back. Looks through Drizzle's and the pool's
 * wrappers (`cause`, AggregateError).
 */
export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (!error || typeof error !== 'object' || depth > 4) return false;
  const { code, message, cause, errors } = error as {
    code?: unknown;
    message?: unknown;
    cause?: unknown;
    errors?: unknown;
  };
  if (typeof code === 'string') {
    if (CONNECTION_ERROR_CODES.has(code)) return true;
    if (/^08[0-9A-Z]{3}$/.test(code) || ['57P01', '57P02', '57P03', '53300'].includes(code)) {
      return true;
    }
  }
  // node-postgres says these in words only.
  if (
    typeof message === 'string' &&
    /^(?:Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error)/.test(
      message,
    )
  ) {
    return true;
  }
  if (Array.isArray(errors) && errors.some((inner) => isDatabaseUnavailable(inner, depth + 1))) {
    return true;
  }
  return isDatabaseUnavailable(cause, depth + 1);
}

/** How long a client is asked to wait when the database is away. */
export const DATABASE_UNAVAILABLE_RETRY_SECONDS = 5;

export const isUniqueViolation = (error: unknown) => sqlState(error) === '23505';
