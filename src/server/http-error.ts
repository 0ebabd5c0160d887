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

export const isUniqueViolation = (error: unknown) => sqlState(error) === '23505';
