/**
 * How API tests call the app: one request helper, anonymous or as any user a test made.
 * `signInAs` writes a session row for a user id, skipping the sign-in flow that other
 * tests walk for real; it lives with the tests, so no production build can reach it.
 */
import { randomBytes } from 'node:crypto';
import type { OutgoingHttpHeaders } from 'node:http';
import { Signer } from '@fastify/cookie';
import type { FastifyInstance } from 'fastify';
import { SESSION_COOKIE, SESSION_MAX_AGE_MS } from '../auth/sessions.ts';
import { sessions } from '../db/schema.ts';
import { createUser } from '../db/seed/factories.ts';
import type { TestApp } from './test-app.ts';

export interface ApiResponse<T> {
  status: number;
  /** The body read as JSON when it is JSON, else null. */
  body: T;
  /** The body exactly as sent. */
  text: string;
  /** The body's bytes, for files. */
  bytes: Buffer;
  headers: OutgoingHttpHeaders;
}

type Method = 'GET' | 'HEAD' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RequestOptions {
  /**
   * Headers over the client's own (`accept: application/json` and its session cookie):
   * `if-none-match`, `range`, another `accept`. A header set to undefined is not sent.
   */
  headers?: Record<string, string | undefined>;
  /** A body sent as it is, instead of JSON; say its content-type in `headers`. */
  payload?: string | Buffer;
}

/**
 * Options of a request that comes from `address`, as the proxy in front of Encore would say
 * (`x-forwarded-for`; test apps trust it), for limits counted per address.
 */
export function fromAddress(address: string, headers: Record<string, string> = {}): RequestOptions {
  return { headers: { 'x-forwarded-for': address, ...headers } };
}

export interface ApiClient {
  request<T = unknown>(
    method: Method,
    path: string,
    json?: unknown,
    options?: RequestOptions,
  ): Promise<ApiResponse<T>>;
  get<T = unknown>(path: string, options?: RequestOptions): Promise<ApiResponse<T>>;
  post<T = unknown>(
    path: string,
    json?: unknown,
    options?: RequestOptions,
  ): Promise<ApiResponse<T>>;
  put<T = unknown>(path: string, json?: unknown, options?: RequestOptions): Promise<ApiResponse<T>>;
  delete<T = unknown>(path: string, options?: RequestOptions): Promise<ApiResponse<T>>;
  /** A multipart/form-data POST of files in one field, as a browser's FormData sends it. */
  upload<T = unknown>(path: string, field: string, files: UploadFile[]): Promise<ApiResponse<T>>;
}

export interface UploadFile {
  name: string;
  /** What the sender claims; the server reads the bytes instead. */
  type: string;
  bytes: Buffer;
}

export function multipartBody(field: string, files: UploadFile[]) {
  const boundary = `----encore${randomBytes(8).toString('hex')}`;
  const parts = files.flatMap((file) => [
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${file.name}"\r\n` +
        `Content-Type: ${file.type}\r\n\r\n`,
    ),
    file.bytes,
    Buffer.from('\r\n'),
  ]);
  return {
    payload: Buffer.concat([...parts, Buffer.from(`--${boundary}--\r\n`)]),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

const isJson = (contentType: unknown) =>
  typeof contentType === 'string' && /[/+]json\b/.test(contentType);

/**
 * The one way API tests call the app, through inject: anonymous, or with `cookie` as the
 * session. It sends no Origin, as a same-origin fetch of a GET does not.
 */
export function apiClient(app: FastifyInstance, cookie?: string): ApiClient {
  const send = async <T>(
    method: Method,
    path: string,
    options: RequestOptions & { json?: unknown } = {},
  ): Promise<ApiResponse<T>> => {
    const headers: Record<string, string> = {
      accept: 'application/json',
      ...(cookie ? { cookie } : {}),
    };
    for (const [name, value] of Object.entries(options.headers ?? {})) {
      if (value === undefined) delete headers[name];
      else headers[name] = value;
    }
    const payload = options.payload ?? (options.json as object | undefined);
    const response = await app.inject({
      method,
      url: path,
      headers,
      ...(payload === undefined ? {} : { payload }),
    });
    return {
      status: response.statusCode,
      body: (response.body && isJson(response.headers['content-type'])
        ? response.json()
        : null) as T,
      text: response.body,
      bytes: response.rawPayload,
      headers: response.headers,
    };
  };
  const request = <T>(method: Method, path: string, json?: unknown, options?: RequestOptions) =>
    send<T>(method, path, { ...options, json });
  return {
    request,
    upload: (path, field, files) => {
      const { payload, contentType } = multipartBody(field, files);
      return send('POST', path, { payload, headers: { 'content-type': contentType } });
    },
    get: (path, options) => request('GET', path, undefined, options),
    post: (path, json, options) => request('POST', path, json, options),
    put: (path, json, options) => request('PUT', path, json, options),
    delete: (path, options) => request('DELETE', path, undefined, options),
  };
}

/** A session row as sign-in saves it for `userId` (Secure when the app speaks https). */
export function signedInSessionRow(userId: string, sid: string, options: { secure: boolean }) {
  const expires = new Date(Date.now() + SESSION_MAX_AGE_MS);
  return {
    sid,
    userId,
    expire: expires,
    sess: {
      cookie: {
        originalMaxAge: SESSION_MAX_AGE_MS,
        expires: expires.toISOString(),
        httpOnly: true,
        sameSite: 'lax',
        secure: options.secure,
        path: '/',
      },
      userId,
    },
  };
}

/** What signing in needs of a test app. */
type SigningApp = Pick<TestApp, 'app' | 'database' | 'sessionSecret'>;

/**
 * The Cookie header of a session for `userId`, as if they had just signed in: good for any
 * app on `database` that signs cookies with `sessionSecret`, in this process or another.
 */
export async function sessionCookieFor(
  server: Pick<SigningApp, 'database' | 'sessionSecret'>,
  userId: string,
): Promise<string> {
  const sid = randomBytes(24).toString('base64url');
  await server.database.db
    .insert(sessions)
    .values(signedInSessionRow(userId, sid, { secure: false }));
  const signed = new Signer(server.sessionSecret).sign(sid);
  return `${SESSION_COOKIE}=${encodeURIComponent(signed)}`;
}

/** A client signed in as `userId`, as if they had just signed in. */
export async function signInAs(server: SigningApp, userId: string): Promise<ApiClient> {
  return apiClient(server.app, await sessionCookieFor(server, userId));
}

/** A new person, and a client signed in as them. */
export async function signedInPerson(
  server: SigningApp,
  fields: Parameters<typeof createUser>[1] = {},
) {
  const user = await createUser(server.database.db, fields);
  return { user, api: await signInAs(server, user.id) };
}
