/**
 * The one place the client talks HTTP. Every call goes to a path under API_BASE, carries the
 * session cookie, and answers the parsed JSON; every non-OK answer becomes an ApiError whose
 * message follows docs/product.md §8 ("<status>: <body or status text>") and which carries the
 * server's own `{ "message" }` as `serverMessage`.
 */
import { SAVED_AT_HEADER } from '#shared/offline';
import { noteSavedAnswer } from './offline';

export const API_BASE = '/api';

export class ApiError extends Error {
  readonly status: number;
  readonly body: string;
  /** The server's `{ "message" }` when it sent one, else the raw body; undefined when empty. */
  readonly serverMessage: string | undefined;

  constructor(status: number, statusText: string, body: string) {
    super(`${status}: ${body || statusText}`);
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
    this.serverMessage = messageOfBody(body);
  }
}

function messageOfBody(body: string): string | undefined {
  if (!body) return undefined;
  try {
    const parsed: unknown = JSON.parse(body);
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
  return body;
}

/**
 * The human part of an API error: the server's `{ "message" }` when it sent one, else the raw
 * body text. Undefined for anything that is not an API error, so callers can fall back to
 * their own wording.
 */
export function serverMessage(error: unknown): string | undefined {
  return error instanceof ApiError ? error.serverMessage : undefined;
}

export const isUnauthorized = (error: unknown) => error instanceof ApiError && error.status === 401;
export const isForbidden = (error: unknown) => error instanceof ApiError && error.status === 403;
export const isNotFound = (error: unknown) => error instanceof ApiError && error.status === 404;

export type Search = URLSearchParams | Record<string, string> | string;

/** The address of `path` under API_BASE, for links and downloads as well as requests. */
export function apiUrl(path: string, search?: Search): string {
  const query = search === undefined ? '' : new URLSearchParams(search).toString();
  return `${API_BASE}${path}${query ? `?${query}` : ''}`;
}

/** A JSON body is parsed; an empty answer (204, or a 200 with nothing) reads as null. */
function parseBody<T>(text: string): T {
  if (!text) return null as T;
  try {
    return JSON.parse(text) as T;
  } catch {
    return text as T;
  }
}

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

interface RequestOptions {
  /** A plain value goes as JSON; FormData as multipart (the browser sets the boundary). */
  body?: unknown;
  search?: Search;
  signal?: AbortSignal;
}

/** A parsed answer with the headers it came with. */
export interface ApiAnswer<T> {
  body: T;
  headers: Headers;
}

async function request<T>(method: HttpMethod, path: string, options?: RequestOptions): Promise<T> {
  return (await send<T>(method, path, options)).body;
}

async function send<T>(
  method: HttpMethod,
  path: string,
  { body, search, signal }: RequestOptions = {},
): Promise<ApiAnswer<T>> {
  const isMultipart = body instanceof FormData;
  const headers: Record<string, string> = {};
  if (body !== undefined && !isMultipart) headers['Content-Type'] = 'application/json';

  const response = await fetch(apiUrl(path, search), {
    method,
    headers,
    body: body === undefined ? undefined : isMultipart ? body : JSON.stringify(body),
    credentials: 'include',
    signal,
  });
  const text = await response.text().catch(() => '');
  if (!response.ok) throw new ApiError(response.status, response.statusText, text);
  const savedAt = response.headers.get(SAVED_AT_HEADER);
  if (savedAt) noteSavedAnswer(savedAt);
  return { body: parseBody<T>(text), headers: response.headers };
}

/**
 * POST of multipart `form` that reports upload progress (0 to 1) while the bytes go out; 1
 * means all of them are sent and the server is at work on them. XMLHttpRequest underneath,
 * because fetch cannot report upload progress; the address and the errors are the others'.
 */
function upload<T>(
  path: string,
  form: FormData,
  onProgress: (fraction: number) => void = () => {},
): Promise<T> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', apiUrl(path));
    xhr.withCredentials = true;
    xhr.responseType = 'text';
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    xhr.upload.onload = () => onProgress(1);
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress(1);
        resolve(parseBody<T>(xhr.responseText));
      } else {
        reject(new ApiError(xhr.status, xhr.statusText, xhr.responseText));
      }
    };
    xhr.onerror = () => reject(new Error('Failed to upload files'));
    xhr.send(form);
  });
}

type ReadOptions = Pick<RequestOptions, 'search' | 'signal'>;

/** The fetch helper every feature's `api/` goes through. */
export const api = {
  get: <T>(path: string, options?: ReadOptions) => request<T>('GET', path, options),
  /** A GET whose answer's headers matter too (a list saying what it left out). */
  getWithHeaders: <T>(path: string, options?: ReadOptions) => send<T>('GET', path, options),
  post: <T = void>(path: string, body?: unknown) => request<T>('POST', path, { body }),
  put: <T = void>(path: string, body?: unknown) => request<T>('PUT', path, { body }),
  patch: <T = void>(path: string, body?: unknown) => request<T>('PATCH', path, { body }),
  delete: <T = void>(path: string) => request<T>('DELETE', path),
  /** POST or DELETE by a toggle's new state: follows, likes, blocks, mutes. */
  toggle: <T>(path: string, on: boolean) => request<T>(on ? 'POST' : 'DELETE', path),
  upload,
};
