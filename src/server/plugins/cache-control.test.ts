/**
 * What browsers and proxies may keep: a public cached read says for how long, and an
 * answer that depends on who asks is never stored.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createConcert, daysFromToday } from '../db/seed/factories.ts';
import { signedInClient } from '../testing/sign-in.ts';
import { startTestApp, type TestApp } from '../testing/test-app.ts';

let server: TestApp;
let concertId: string;

beforeAll(async () => {
  server = await startTestApp({ env: { RESPONSE_CACHE_SECONDS: '30' } });
  const concert = await createConcert(server.database.db, { date: daysFromToday(-3) });
  concertId = concert.id;
});
afterAll(() => server?.close());

const JSON_ACCEPT = { accept: 'application/json' };

describe('Cache-Control', () => {
  it('lets anyone keep a public cached read as long as the server does', async () => {
    for (const url of ['/api/concerts', `/api/concerts/${concertId}/reviews`]) {
      const response = await server.app.inject({ url });
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('public, max-age=30');
      expect(response.headers.vary).toContain('cookie');
    }
  });

  it('stores no answer that depends on the signed-in user', async () => {
    const { client } = await signedInClient(server.url);
    for (const url of [
      '/api/user',
      '/api/wishlist',
      '/api/users/me/wishlist',
      `/api/concerts/${concertId}`,
      `/api/concerts/${concertId}/reviews`,
      '/api/notifications/unread-count',
    ]) {
      const response = await client.request('GET', url, { headers: JSON_ACCEPT });
      expect(response.status, url).toBe(200);
      expect(response.headers.get('cache-control'), url).toBe('no-store');
    }
  });

  it('stores no error either', async () => {
    const anonymous = await server.app.inject({ url: '/api/user' });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.headers['cache-control']).toBe('no-store');
    const bad = await server.app.inject({ url: '/api/concerts?limit=0' });
    expect(bad.statusCode).toBe(400);
    expect(bad.headers['cache-control']).toBe('no-store');
  });
});
