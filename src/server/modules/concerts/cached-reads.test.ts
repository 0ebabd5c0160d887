/**
 * Public reads with the response cache on, as production runs: a repeat is answered from
 * memory, and the writes that change an answer make the next request see the change.
 */
import { describe, expect, it } from 'vitest';
import type { ConcertListItem } from '#shared/schemas/concerts';
import type { Comment, Review } from '#shared/schemas/reviews';
import { eq } from 'drizzle-orm';
import { users } from '#server/db/schema.ts';
import { daysFromToday } from '#server/db/seed/factories.ts';
import { useFakeTicketmaster } from '#server/testing/fake-providers.ts';
import { useTestApp } from '#server/testing/use-test-app.ts';
import { concertListCacheSlot } from './service.ts';
import { apiClient } from '#server/testing/api-client.ts';

const ticketmaster = useFakeTicketmaster();
const server = useTestApp(() => ({
  env: {
    RESPONSE_CACHE_SECONDS: '60',
    TICKETMASTER_API_KEY: 'tm-key',
    TICKETMASTER_BASE_URL: ticketmaster.baseUrl,
  },
  deps: { providerTuning: { ticketmaster: { timeoutMs: 750, cooldownMs: 0, burst: 100 } } },
}));
const { db, person, create } = server;

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
    await create.concert({ artist: 'Cached Before', genre: 'jazz', date: daysFromToday(2) });
    const first = await get<ConcertListItem[]>('/api/concerts');
    expect(first.status).toBe(200);
    expect(first.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(artists(first.body)).toContain('Cached Before');

    // Written behind the API's back: the cached list does not know yet.
    await create.concert({ artist: 'Cached After', genre: 'jazz', date: daysFromToday(3) });
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

    const { api } = await server.person();
    const saved = await api.post('/api/wishlist', { concertId: 'tm_vvG1IZ94kQpXa7' });
    expect(saved.status).toBe(201);
    expect(artists((await get<ConcertListItem[]>(url)).body)).toContain('The Velvet Lanterns');
  });
});

describe('cached review pages', () => {
  it('shares anonymous pages, while a signed-in viewer always sees their own likes', async () => {
    const concert = await create.concert({ date: daysFromToday(-5) });
    const older = await create.review({ concertId: concert.id });
    const path = `/api/concerts/${concert.id}/reviews`;
    const anonymous = await get<Review[]>(path);
    expect(anonymous.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(anonymous.body.map((review) => review.id)).toEqual([older.id]);

    const newer = await create.review({ concertId: concert.id });
    const viewer = await server.person();
    await create.like({ reviewId: older.id, userId: viewer.user.id });

    const signedIn = await viewer.api.get(path);
    expect(signedIn.body).toMatchObject([
      { id: newer.id, isLiked: false },
      { id: older.id, isLiked: true, likesCount: older.likes + 1 },
    ]);
    // Pages differ by window; the first one is still the cached one.
    expect((await get<Review[]>(`${path}?limit=1&offset=1`)).body.map((r) => r.id)).toEqual([
      older.id,
    ]);
    expect((await get<Review[]>(path)).text).toBe(anonymous.text);

    // A like through the API drops the concert's cached pages: the next anonymous read sees it.
    const fan = await person();
    expect((await fan.api.post(`/api/reviews/${newer.id}/like`)).status).toBe(200);
    const fresh = await get<Review[]>(path);
    expect(fresh.body.map((review) => [review.id, review.likesCount])).toEqual([
      [newer.id, newer.likes + 1],
      [older.id, older.likes + 1],
    ]);
    expect(fresh.body.every((review) => review.isLiked === false)).toBe(true);
  });

  it('drops review pages, review lists and concert averages after each kind of real write', async () => {
    const concert = await create.concert({
      artist: 'Cache Breakers',
      date: daysFromToday(-6),
    });
    const { api: authorApi } = await person();
    const { api: reader } = await person();
    const pagePath = `/api/concerts/${concert.id}/reviews`;
    const listPath = '/api/reviews?sort=recent&limit=5';
    const rating = async () =>
      (
        await get<ConcertListItem[]>(
          `/api/concerts?startDate=${daysFromToday(-7)}&search=Cache%20Breakers`,
        )
      ).body[0]?.averageRating ?? null;
    // Warm every cache while the concert has no review.
    expect((await get<Review[]>(pagePath)).body).toEqual([]);
    const listBefore = (await get<Review[]>(listPath)).body;
    expect(await rating()).toBeNull();

    const created = await authorApi.post<Review>('/api/reviews', {
      overallRating: 4,
      performanceRating: 4,
      soundRating: 4,
      venueRating: 4,
      valueRating: 4,
      reviewText: 'Ten characters at least.',
      concertId: concert.id,
    });
    expect(created.status).toBe(201);
    const review = created.body;
    expect((await get<Review[]>(pagePath)).body.map((r) => r.id)).toEqual([review.id]);
    expect((await get<Review[]>(listPath)).body[0]!.id).toBe(review.id);
    expect((await get<Review[]>(listPath)).body).not.toEqual(listBefore);
    expect(await rating()).toBe(4);

    await reader.post(`/api/reviews/${review.id}/comments`, { commentText: 'Agreed.' });
    expect((await get<Review[]>(pagePath)).body[0]!.commentsCount).toBe(1);
    expect((await get<Review[]>(listPath)).body[0]!.commentsCount).toBe(1);

    await authorApi.put(`/api/reviews/${review.id}`, {
      overallRating: 2,
      performanceRating: 2,
      soundRating: 2,
      venueRating: 2,
      valueRating: 2,
      reviewText: 'On reflection, not great.',
    });
    expect((await get<Review[]>(pagePath)).body[0]!.overallRating).toBe(2);
    expect(await rating()).toBe(2);

    expect((await authorApi.delete(`/api/reviews/${review.id}`)).status).toBe(204);
    expect((await get<Review[]>(pagePath)).body).toEqual([]);
    expect((await get<Review[]>(listPath)).body.map((r) => r.id)).not.toContain(review.id);
    expect(await rating()).toBeNull();
  });

  it('shares a review’s comments, drops them on a real comment write, and lets only visitors’ browsers keep them', async () => {
    const review = await create.review();
    const path = `/api/reviews/${review.id}/comments`;
    const { api: writer } = await person();
    const anonymous = await get<Comment[]>(path);
    expect(anonymous.body).toEqual([]);
    expect(anonymous.headers['cache-control']).toBe('public, max-age=60');
    const signedIn = await writer.get<Comment[]>(path);
    expect(signedIn.headers['cache-control']).toBe('no-cache');

    // Written behind the API's back: the cached page does not know yet.
    await create.comment({ reviewId: review.id });
    expect((await get<Comment[]>(path)).body).toEqual([]);

    const posted = await writer.post<Comment>(path, { commentText: 'Seen it too' });
    expect(posted.status).toBe(201);
    expect((await writer.get<Comment[]>(path)).body.map((c) => c.commentText)).toContain(
      'Seen it too',
    );
    expect((await get<Comment[]>(path)).body).toHaveLength(2);
    expect((await writer.delete(`/api/comments/${posted.body.id}`)).status).toBe(204);
    expect((await get<Comment[]>(path)).body).toHaveLength(1);
  });

  it('answers a visitor’s repeat of a review’s comments from memory, until its author goes private', async () => {
    const author = await person();
    const review = await create.review({ userId: author.user.id });
    await create.comment({ reviewId: review.id });
    const path = `/api/reviews/${review.id}/comments`;
    const { api: follower } = await person();
    expect((await follower.post(`/api/users/${author.user.id}/follow`)).status).toBeLessThan(300);
    expect((await get<Comment[]>(path)).body).toHaveLength(1);

    // Private behind the API's back: the visitor's page was checked when it was read, and
    // is answered without asking again.
    await db().update(users).set({ isPrivate: true }).where(eq(users.id, author.user.id));
    expect((await get<Comment[]>(path)).body).toHaveLength(1);

    // Through Settings the change drops the page: visitors are refused, followers still read.
    await db().update(users).set({ isPrivate: false }).where(eq(users.id, author.user.id));
    const settings = await author.api.put('/api/users/me/settings', { publicProfile: false });
    expect(settings.status).toBe(200);
    expect((await follower.get<Comment[]>(path)).body).toHaveLength(1);
    const refused = await get<{ message: string }>(path);
    expect(refused.status).toBe(404);
    expect(refused.body).toEqual({ message: 'Review not found' });
  });

  it("drops a cached page when one of its authors changes, and keeps it for anyone else's change", async () => {
    const concert = await create.concert({ date: daysFromToday(-4) });
    const review = await create.review({ concertId: concert.id });
    const path = `/api/concerts/${concert.id}/reviews`;
    const before = await get<Review[]>(path);
    expect(before.body.map((r) => r.id)).toEqual([review.id]);

    await db().update(users).set({ firstName: 'Renamed' }).where(eq(users.id, review.userId));
    const stranger = await create.user();
    await server.app.writer.write(async (_tx, changes) =>
      changes.record({ kind: 'user', userId: stranger.id }),
    );
    expect((await get<Review[]>(path)).text).toBe(before.text);

    await server.app.writer.write(async (_tx, changes) =>
      changes.record({ kind: 'user', userId: review.userId }),
    );
    expect((await get<Review[]>(path)).body[0]!.user.firstName).toBe('Renamed');
  });

  it('answers 404 for an unknown concert every time', async () => {
    for (let attempt = 0; attempt < 2; attempt += 1) {
      const missing = await get<{ message: string }>('/api/concerts/no-such-concert/reviews');
      expect(missing.status).toBe(404);
      expect(missing.body).toEqual({ message: 'Concert not found' });
    }
  });

  it('keeps the shared page of comments from anyone with a block, who reads their own', async () => {
    const review = await create.review();
    const [blocker, blocked, stranger] = [await person(), await person(), await person()];
    const said = new Map<string, string>();
    for (const side of [blocker, blocked, stranger]) {
      const comment = await create.comment({ reviewId: review.id, userId: side.user.id });
      said.set(comment.id, side.user.id);
    }
    await blocker.api.post(`/api/users/${blocked.user.id}/block`);
    const path = `/api/reviews/${review.id}/comments`;
    // Sorted: comments written within the same instant may list in either order.
    const authors = async (api = stranger.api) =>
      (await api.get<Comment[]>(path)).body.map((comment) => said.get(comment.id)).sort();
    const sorted = (ids: string[]) => [...ids].sort();
    const everyone = sorted([blocker.user.id, blocked.user.id, stranger.user.id]);

    // The stranger's read fills the shared page; neither side of the block is given it.
    expect(await authors()).toEqual(everyone);
    expect(await authors(blocked.api)).toEqual(sorted([blocked.user.id, stranger.user.id]));
    expect(await authors(blocker.api)).toEqual(sorted([blocker.user.id, stranger.user.id]));
    expect(await authors(apiClient(server.app))).toEqual(everyone);
  });
});
