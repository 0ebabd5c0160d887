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
import type { TestApp } from './test-app.ts';

export interface ApiResponse<T> {
  status: number;
  body: T;
  /** The body exactly as sent. */
  text: string;
  headers: OutgoingHttpHeaders;
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface ApiClient {
  request<T = unknown>(method: Method, path: string, json?: unknown): Promise<ApiResponse<T>>;
  get<T = unknown>(path: string): Promise<ApiResponse<T>>;
  post<T = unknown>(path: string, json?: unknown): Promise<ApiResponse<T>>;
  put<T = unknown>(path: string, json?: unknown): Promise<ApiResponse<T>>;
  delete<T = unknown>(path: string): Promise<ApiResponse<T>>;
}

export function apiClient(app: FastifyInstance, cookie?: string): ApiClient {
  const request = async <T>(
    method: Method,
    path: string,
    json?: unknown,
  ): Promise<ApiResponse<T>> => {
    const response = await app.inject({
      method,
      url: path,
      headers: { accept: 'application/json', ...(cookie ? { cookie } : {}) },
      ...(json === undefined ? {} : { payload: json as object }),
    });
    return {
      status: response.statusCode,
      body: (response.body ? response.json() : null) as T,
      text: response.body,
      headers: response.headers,
    };
  };
  return {
    request,
    get: (path) => request('GET', path),
    post: (path, json) => request('POST', path, json),
    put: (path, json) => request('PUT', path, json),
    delete: (path) => request('DELETE', path),
  };
}

/** A client signed in as `userId`, as if they had just signed in. */
export async function signInAs(server: TestApp, userId: string): Promise<ApiClient> {
  const sid = randomBytes(24).toString('base64url');
  const expires = new Date(Date.now() + SESSION_MAX_AGE_MS);
  await server.database.db.insert(sessions).values({
    sid,
    userId,
    expire: expires,
    sess: {
      cookie: {
        originalMaxAge: SESSION_MAX_AGE_MS,
        expires: expires.toISOString(),
        httpOnly: true,
        sameSite: 'lax',
        secure: false,
        path: '/',
      },
      userId,
    },
  });
  const signed = new Signer(server.sessionSecret).sign(sid);
  return apiClient(server.app, `${SESSION_COOKIE}=${encodeURIComponent(signed)}`);
}
