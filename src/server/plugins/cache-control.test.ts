/**
 * What browsers and proxies may keep: a public cached read says for how long and carries
 * an ETag to revalidate with, and an answer that depends on who asks is never stored.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { daysFromToday } from '../db/seed/factories.ts';
import { apiClient } from '../testing/api-client.ts';
import { useTestApp } from '../testing/use-test-app.ts';

const server = useTestApp({ env: { RESPONSE_CACHE_SECONDS: '30' } });
const { person, create } = server;
let concertId: string;

beforeAll(async () => {
  const concert = await create.concert({ date: daysFromToday(-3) });
  concertId = concert.id;
});

const anonymous = () => apiClient(server.app);

describe('Cache-Control', () => {
  it('lets anyone keep a public cached read as long as the server does', async () => {
    for (const url of ['/api/concerts', `/api/concerts/${concertId}/reviews`]) {
      const response = await anonymous().get(url);
      expect(response.status).toBe(200);
      expect(response.headers['cache-control']).toBe('public, max-age=30');
      expect(response.headers.vary).toContain('cookie');
    }
  });

  it('stores no answer that depends on the signed-in user', async () => {
    const { api } = await person();
    for (const url of [
      '/api/user',
      '/api/wishlist',
      '/api/users/me/wishlist',
      `/api/concerts/${concertId}`,
      `/api/concerts/${concertId}/reviews`,
      '/api/notifications/unread-count',
    ]) {
      const response = await api.get(url);
      expect(response.status, url).toBe(200);
      expect(response.headers['cache-control'], url).toBe('no-store');
    }
  });

  it('stores no error either', async () => {
    const unknown = await anonymous().get('/api/user');
    expect(unknown.status).toBe(401);
    expect(unknown.headers['cache-control']).toBe('no-store');
    const bad = await anonymous().get('/api/concerts?limit=0');
    expect(bad.status).toBe(400);
    expect(bad.headers['cache-control']).toBe('no-store');
  });
});

describe('ETag', () => {
  it('answers a 304 without a body to a browser that holds the current one', async () => {
    for (const url of ['/api/concerts', `/api/concerts/${concertId}/reviews`, '/api/reviews']) {
      const first = await anonymous().get(url);
      const etag = first.headers.etag as string;
      expect(etag, url).toMatch(/^W\/"[\w-]+"$/);
      const again = await anonymous().get(url, { headers: { 'if-none-match': etag } });
      expect(again.status, url).toBe(304);
      expect(again.text, url).toBe('');
      expect(again.headers.etag, url).toBe(etag);
      expect(again.headers['cache-control'], url).toBe('public, max-age=30');
      const listed = await anonymous().get(url, {
        headers: { 'if-none-match': `"other", ${etag.slice(2)}` },
      });
      expect(listed.status, `${url} (a list, compared weakly)`).toBe(304);
    }
  });

  it('answers the new body once a write changed it', async () => {
    const url = `/api/concerts/${concertId}/reviews`;
    const before = await anonymous().get(url);
    const { api } = await person();
    const written = await api.post('/api/reviews', {
      concertId,
      performanceRating: 5,
      soundRating: 4,
      venueRating: 4,
      valueRating: 4,
      overallRating: 4.5,
      reviewText: 'The encore alone was worth the ticket.',
    });
    expect(written.status).toBe(201);
    const after = await anonymous().get<unknown[]>(url, {
      headers: { 'if-none-match': before.headers.etag as string },
    });
    expect(after.status).toBe(200);
    expect(after.headers.etag).not.toBe(before.headers.etag);
    expect(after.body).toHaveLength(1);
  });

  it("is not sent with an answer of the viewer's own", async () => {
    const { api } = await person();
    const own = await api.get('/api/reviews');
    expect(own.status).toBe(200);
    expect(own.headers.etag).toBeUndefined();
  });
});

describe('with the response cache off', () => {
  const uncached = useTestApp({ env: { RESPONSE_CACHE_SECONDS: '0' } });

  it('answers a public read as a private one, with no ETag to work out', async () => {
    const response = await apiClient(uncached.app).get('/api/reviews');
    expect(response.status).toBe(200);
    expect(response.headers.etag).toBeUndefined();
    expect(response.headers['cache-control']).toBe('no-store');
  });
});
