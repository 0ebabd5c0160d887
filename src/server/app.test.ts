import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import type { DatabaseHandle } from './db/index.ts';
import { createTestDatabase } from './testing/test-database.ts';

let database: DatabaseHandle;
let app: FastifyInstance;

beforeAll(async () => {
  database = await createTestDatabase();
  app = await buildApp({
    config: loadConfig({ NODE_ENV: 'test', PORT: '3999' }),
    db: database.db,
    sessionSecret: randomBytes(32).toString('hex'),
    clientDir: '/nonexistent',
  });
  // A route that fails the way a bug would, to see what the client gets.
  app.get('/api/__explode', async () => {
    throw new Error('secret internals: password=hunter2');
  });
  app.post(
    '/api/__echo',
    { schema: { body: z.object({ name: z.string().min(2) }) } },
    async (request) => request.body,
  );
  await app.ready();
});
afterAll(async () => {
  await app?.close();
  await database?.close();
});

describe('errors and bad input', () => {
  it('answers an unknown API path with a JSON 404', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/no-such-thing?x=1' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: 'Not found: GET /api/no-such-thing' });
  });

  it('names the query field that is wrong', async () => {
    const response = await app.inject({
      method: 'GET',
      url: '/api/analytics/top-venues?limit=abc',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(/^Invalid query field 'limit': limit must be a number/);
  });

  it('names the body field that is wrong', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/__echo',
      payload: { name: 'x' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(/^Invalid body field 'name'/);
  });

  it('refuses malformed JSON with a 400', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/__echo',
      headers: { 'content-type': 'application/json' },
      payload: '{"name":',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: 'Request body is not valid JSON' });
  });

  it('refuses a body over the limit with a 413', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/__echo',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ name: 'x'.repeat(1024 * 1024 + 10) }),
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ message: 'Request body is too large' });
  });

  it('hides internals of unexpected errors and tags the response with its request id', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/__explode' });
    expect(response.statusCode).toBe(500);
    expect(response.body).not.toContain('hunter2');
    expect(response.json()).toEqual({ message: 'Something went wrong on our side' });
    expect(response.headers['x-request-id']).toEqual(expect.any(String));
  });

  it('answers a 401 with a message when a signed-in call has no session', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/notifications/unread-count' });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ message: 'Not signed in' });
  });
});

describe('API documentation', () => {
  it('publishes an OpenAPI document built from the route schemas', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const document = response.json();
    expect(document.openapi).toMatch(/^3\./);
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining([
        '/api/user',
        '/api/analytics/top-venues',
        '/api/analytics/top-artists',
      ]),
    );
    expect(document.paths['/api/analytics/top-venues'].get.parameters[0].name).toBe('limit');
  });

  it('serves a browsable page at /api/docs', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/docs' });
    const page =
      response.statusCode === 302
        ? await app.inject({ method: 'GET', url: response.headers.location! })
        : response;
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
  });
});

describe('security headers', () => {
  it('sends a content security policy', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/analytics/top-venues' });
    expect(response.headers['content-security-policy']).toContain("default-src 'self'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
  });
});

describe('client addresses behind the https proxy', () => {
  it('takes the address the proxy added, not one the client wrote', async () => {
    const proxied = await buildApp({
      config: loadConfig({ NODE_ENV: 'test', PORT: '3998', PUBLIC_URL: 'https://encore.example' }),
      db: database.db,
      sessionSecret: randomBytes(32).toString('hex'),
      clientDir: '/nonexistent',
    });
    proxied.get('/api/__ip', async (request) => ({ ip: request.ip }));
    await proxied.ready();
    try {
      const response = await proxied.inject({
        method: 'GET',
        url: '/api/__ip',
        headers: { 'x-forwarded-for': '6.6.6.6, 203.0.113.7' },
      });
      expect(response.json()).toEqual({ ip: '203.0.113.7' });
    } finally {
      await proxied.close();
    }
  });
});
