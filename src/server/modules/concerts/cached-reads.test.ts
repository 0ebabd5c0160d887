/**
 * Public reads with the response cache on, as production runs: a repeat is answered from
 * memory, and the writes that change an answer make the next request see the change.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ConcertListItem } from '#shared/schemas/concerts';
import type { Review } from '#shared/schemas/reviews';
import { eq } from 'drizzle-orm';
import { users } from '../../db/schema.ts';
import {
  createConcert,
  createLike,
  createReview,
  createUser,
  daysFromToday,
} from '../../db/seed/factories.ts';
import { startFakeTicketmaster, type FakeTicketmaster } from '../../testing/fake-providers.ts';
import { getJson, signedInClient } from '../../testing/sign-in.ts';
import { startTestApp, type TestApp } from '../../testing/test-app.ts';
import { concertListCacheSlot } from './service.ts';
import { apiClient } from '../../testing/api-client.ts';

let server: TestApp;
let ticketmaster: FakeTicketmaster;

beforeAll(async () => {
  ticketmaster = await startFakeTicketmaster();
  server = await startTestApp({
    env: {
      RESPONSE_CACHE_SECONDS: '60',
      TICKETMASTER_API_KEY: 'tm-key',
      TICKETMASTER_BASE_URL: ticketmaster.baseUrl,
    },
    deps: { providerTuning: { ticketmaster: { timeoutMs: 750, cooldownMs: 0, burst: 100 } } },
  });
});
afterAll(async () => {
  await server?.close();
  await ticketmaster?.close();
});

const get = <T>(url: string) => apiClient(server.app).get<T>(url);

const artists = (list: ConcertListItem[]) => list.map((concert) => concert.artist);

describe('concert list cache keys', () => {
  const base = { limit: 24, offset: 0 };
  const key = (query: Parameters<typeof concertListCacheSlot>[0], today = '2026-11-21') =>
    concertListCacheSlot(query, today).key;

  it('are the same for queries that mean the same', () => {
    expect(key(base)).toBe(key({ ...base, startDate: '2026-11-21' }));
    expect(key(base)).toBe(key({ ...base, includeTicketmaster: 'false' }));
  });

  it('differ by day, by page and by each filter', () => {
    const keys = [
      key(base),
      key(base, '2026-11-22'),
      key({ ...base, offset: 24 }),
      key({ ...base, includeTicketmaster: 'true' }),
      key({ ...base, city: 'chicago' }),
      key({ ...base, genre: 'rock' }),
      key({ ...base, endDate: '2026-12-01' }),
      key({ ...base, search: 'rock' }),
      // A search cannot pose as another field.
      key({ ...base, search: '","rock' }),
    ];
    expect(new Set(keys).size).toBe(keys.length);
  });
});

describe('cached concert lists', () => {
  it('answers a repeat from memory, and each query on its own', async () => {
    const db = server.database.db;
    await createConcert(db, { artist: 'Cached Before', genre: 'jazz', date: daysFromToday(2) });
    const first = await get<ConcertListItem[]>('/api/concerts');
    expect(first.status).toBe(200);
    expect(first.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(artists(first.body)).toContain('Cached Before');

    // Written behind the API's back: the cached list does not know yet.
    await createConcert(db, { artist: 'Cached After', genre: 'jazz', date: daysFromToday(3) });
    const repeat = await get<ConcertListItem[]>('/api/concerts');
    expect(repeat.text).toBe(first.text);
    expect(artists(repeat.body)).not.toContain('Cached After');

    // Another query is another entry, computed now.
    const jazz = await get<ConcertListItem[]>('/api/concerts?genre=jazz');
    expect(artists(jazz.body)).toEqual(['Cached Before', 'Cached After']);
  });

  it('answers bad queries with a 400, never from the cache', async () => {
    const bad = await get<{ message: string }>('/api/concerts?genre=polka');
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain('genre');
  });

  it('shows a concert imported by a save on the next request', async () => {
    // The reference Ticketmaster event is on 2026-07-18.
    const url = '/api/concerts?startDate=2026-07-01&endDate=2026-07-31';
    expect(artists((await get<ConcertListItem[]>(url)).body)).not.toContain('The Velvet Lanterns');

    const { client } = await signedInClient(server.url);
    const saved = await client.request('POST', '/api/wishlist', {
      json: { concertId: 'tm_vvG1IZ94kQpXa7' },
      headers: { accept: 'application/json' },
    });
    expect(saved.status).toBe(201);
    expect(artists((await get<ConcertListItem[]>(url)).body)).toContain('The Velvet Lanterns');
  });
});

describe('cached review pages', () => {
  it('shares anonymous pages, while a signed-in viewer always sees their own likes', async () => {
    const db = server.database.db;
    const concert = await createConcert(db, { date: daysFromToday(-5) });
    const older = await createReview(db, { concertId: concert.id });
    const path = `/api/concerts/${concert.id}/reviews`;
    const anonymous = await get<Review[]>(path);
    expect(anonymous.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(anonymous.body.map((review) => review.id)).toEqual([older.id]);

    const newer = await createReview(db, { concertId: concert.id });
    const viewer = await signedInClient(server.url);
    await createLike(db, { reviewId: older.id, userId: viewer.userId });

    const signedIn = await getJson(viewer.client, path);
    expect(signedIn.body).toMatchObject([
      { id: newer.id, isLiked: false },
      { id: older.id, isLiked: true, likesCount: older.likes + 1 },
    ]);
    // Pages differ by window; the first one is still the cached one.
    expect((await get<Review[]>(`${path}?limit=1&offset=1`)).body.map((r) => r.id)).toEqual([
      older.id,
    ]);
    expect((await get<Review[]>(path)).text).toBe(anonymous.text);

    // What a review, like or comment write on the concert records (review writes come with reviews):
    await server.app.applyChanges([
      { kind: 'concert-reviews', concertId: concert.id, ratings: false },
    ]);
    const fresh = await get<Review[]>(path);
    expect(fresh.body.map((review) => review.id)).toEqual([newer.id, older.id]);
    expect(fresh.body.every((review) => review.isLiked === false)).toBe(true);
  });

  it("drops a cached page when one of its authors changes, and keeps it for anyone else's change", async () => {
    const db = server.database.db;
    const concert = await createConcert(db, { date: daysFromToday(-4) });
    const review = await createReview(db, { concertId: concert.id });
    const path = `/api/concerts/${concert.id}/reviews`;
    const before = await get<Review[]>(path);
    expect(before.body.map((r) => r.id)).toEqual([review.id]);

    await db.update(users).set({ firstName: 'Renamed' }).where(eq(users.id, review.userId));
    const stranger = await createUser(db);
    await server.app.applyChanges([{ kind: 'user', userId: stranger.id }]);
    expect((await get<Review[]>(path)).text).toBe(before.text);

    await server.app.applyChanges([{ kind: 'user', userId: review.userId }]);
    expect((await get<Review[]>(path)).body[0]!.user.firstName).toBe('Renamed');
  });

  it('answers 404 for an unknown concert every time', async () => {
    for (let attempt = 0; attempt < 2; attempt += 1) {
      const missing = await get<{ message: string }>('/api/concerts/no-such-concert/reviews');
      expect(missing.status).toBe(404);
      expect(missing.body).toEqual({ message: 'Concert not found' });
    }
  });
});
