import type { QueryFunction } from '@tanstack/react-query';

/**
 * The one place the client talks HTTP. Every call carries the session cookie, and every non-OK
 * answer becomes an ApiError whose message follows docs/product.md §8:
 * "<status>: <body or status text>".
 */
export class ApiError extends Error {
  readonly status: number;
  readonly body: string;

  constructor(status: number, statusText: string, body: string) {
    super(apiErrorMessage(status, statusText, body));
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
  }
}

export function apiErrorMessage(status: number, statusText: string, body: string): string {
  return `${status}: ${body || statusText}`;
}

/**
 * The human part of an API error: the server's `{ "message" }` when it sent one, else the raw
 * body text. Undefined for anything that is not an API error, so callers can fall back to
 * their own wording.
 */
export function serverMessage(error: unknown): string | undefined {
  if (!(error instanceof ApiError) || !error.body) return undefined;
  try {
    const parsed: unknown = JSON.parse(error.body);
    if (
      parsed &&
      typeof parsed === 'object' &&
      'message' in parsed &&
      typeof parsed.message === 'string' &&
      parsed.message
    ) {
      return parsed.message;
    }
  } catch {
    // Not JSON: the body itself is the message.
  }
  return error.body;
}

export function isUnauthorized(error: unknown): boolean {
  return error instanceof ApiError && error.status === 401;
}

async function throwIfNotOk(response: Response): Promise<void> {
  if (response.ok) return;
  const body = await response.text().catch(() => '');
  throw new ApiError(response.status, response.statusText, body);
}

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * Sends a request and resolves with the OK response. Plain values go as JSON; FormData goes
 * as multipart (the browser sets the boundary, so no content type is set here).
 */
export async function apiRequest(
  method: HttpMethod,
  url: string,
  body?: unknown,
  init?: { signal?: AbortSignal },
): Promise<Response> {
  const isMultipart = body instanceof FormData;
  const headers: Record<string, string> = {};
  if (body !== undefined && !isMultipart) headers['Content-Type'] = 'application/json';

  const response = await fetch(url, {
    method,
    headers,
    body: body === undefined ? undefined : isMultipart ? body : JSON.stringify(body),
    credentials: 'include',
    signal: init?.signal,
  });
  await throwIfNotOk(response);
  return response;
}

/** Reads a JSON answer; an empty 204 reads as null. */
export async function readJson<T>(response: Response): Promise<T> {
  if (response.status === 204) return null as T;
  return (await response.json()) as T;
}

type UnauthorizedBehavior = 'returnNull' | 'throw';

/**
 * The query function of a GET of `url`, answered as JSON. With on401 'returnNull' a 401
 * answer resolves to null instead of failing, which is how "nobody is signed in" is told
 * apart from a real error.
 */
export function getQueryFn<T>(
  url: string,
  options: { on401: 'returnNull' },
): QueryFunction<T | null>;
export function getQueryFn<T>(url: string, options: { on401: 'throw' }): QueryFunction<T>;
export function getQueryFn<T>(
  url: string,
  { on401 }: { on401: UnauthorizedBehavior },
): QueryFunction<T | null> {
  return async ({ signal }) => {
    try {
      const response = await apiRequest('GET', url, undefined, { signal });
      return await readJson<T>(response);
    } catch (error) {
      if (on401 === 'returnNull' && isUnauthorized(error)) return null;
      throw error;
    }
  };
}

/** The query function of a GET of `url`, answered as JSON; any failure fails the query. */
export const getJson = <T>(url: string): QueryFunction<T> => getQueryFn<T>(url, { on401: 'throw' });
