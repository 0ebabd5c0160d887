import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { ConcertListItem } from '#shared/schemas/concerts';
import type { Review } from '#shared/schemas/reviews';
import { concerts } from '#server/db/schema.ts';
import { daysFromToday } from '#server/db/seed/factories.ts';
import { apiClient } from '#server/testing/api-client.ts';
import { TEST_RATINGS } from '#server/testing/review-fixtures.ts';
import { useTestApp } from '#server/testing/use-test-app.ts';

const server = useTestApp();
const { db, person, create } = server;

/** A concert of today: reviews are open, and it is on the first page of its own search. */
const concertOfToday = (artist: string) => create.concert({ artist, date: daysFromToday(0) });

const review = (concertId: string, overallRating: number) => ({
  ...TEST_RATINGS,
  overallRating,
  reviewText: 'The encore alone was worth the ticket.',
  media: [],
  concertId,
});

async function listedAverage(artist: string): Promise<number | null | undefined> {
  const { body } = await apiClient(server.app).get<ConcertListItem[]>(
    `/api/concerts?search=${encodeURIComponent(artist)}`,
  );
  return body.find((c) => c.artist === artist)?.averageRating;
}

async function totals(concertId: string) {
  const [row] = await db()
    .select({ count: concerts.reviewsCount, total: concerts.overallRatingTotal })
    .from(concerts)
    .where(eq(concerts.id, concertId));
  return row;
}

describe('a concert’s average rating in lists', () => {
  it('follows its reviews as they are written, edited and deleted, and as accounts leave', async () => {
    const concert = await concertOfToday('Totals Follow Writes');
    const [first, second, leaving] = await Promise.all([person(), person(), person()]);
    expect(await listedAverage(concert.artist)).toBeNull();

    const written = await first.api.post<Review>('/api/reviews', review(concert.id, 4));
    expect(written.status).toBe(201);
    expect((await second.api.post('/api/reviews', review(concert.id, 5))).status).toBe(201);
    expect((await leaving.api.post('/api/reviews', review(concert.id, 2.5))).status).toBe(201);
    // (4 + 5 + 2.5) / 3 = 3.8333…
    expect(await listedAverage(concert.artist)).toBe(3.83);

    const edited = await first.api.put(`/api/reviews/${written.body.id}`, review(concert.id, 1.5));
    expect(edited.status).toBe(200);
    expect(await listedAverage(concert.artist)).toBe(3);

    expect((await leaving.api.delete('/api/users/me')).status).toBe(204);
    expect(await listedAverage(concert.artist)).toBe(3.25);

    expect((await first.api.delete(`/api/reviews/${written.body.id}`)).status).toBe(204);
    expect(await listedAverage(concert.artist)).toBe(5);
    expect(await totals(concert.id)).toEqual({ count: 1, total: 5 });
  });

  it('keeps the count and the sum exact when reviews of one concert are written at once', async () => {
    const concert = await concertOfToday('Totals Under Load');
    const reviewers = await Promise.all(Array.from({ length: 10 }, () => person()));
    const posted = await Promise.all(
      reviewers.map((r, i) => r.api.post('/api/reviews', review(concert.id, 1 + (i % 2)))),
    );
    expect(posted.map((p) => p.status)).toEqual(Array(10).fill(201));
    expect(await totals(concert.id)).toEqual({ count: 10, total: 15 });
    expect(await listedAverage(concert.artist)).toBe(1.5);
  });

  it('lets people who reviewed the same concerts in opposite order delete their accounts at once', async () => {
    const first = await concertOfToday('Totals Leaving A');
    const second = await concertOfToday('Totals Leaving B');
    const people = await Promise.all(Array.from({ length: 10 }, () => person()));
    for (const [i, { api }] of people.entries()) {
      const order = i % 2 === 0 ? [first, second] : [second, first];
      for (const concert of order) {
        expect((await api.post('/api/reviews', review(concert.id, 4))).status).toBe(201);
      }
    }
    expect(await totals(first.id)).toEqual({ count: 10, total: 40 });

    const deleted = await Promise.all(people.map(({ api }) => api.delete('/api/users/me')));
    expect(deleted.map((d) => d.status)).toEqual(Array(10).fill(204));
    expect(await totals(first.id)).toEqual({ count: 0, total: 0 });
    expect(await totals(second.id)).toEqual({ count: 0, total: 0 });
  });

  it('is the same in the wishlist and in a person’s history as on the concert page', async () => {
    const concert = await concertOfToday('Totals Everywhere');
    const { user, api } = await person();
    expect((await api.post('/api/reviews', review(concert.id, 3.5))).status).toBe(201);
    expect((await api.post('/api/wishlist', { concertId: concert.id })).status).toBe(201);

    const detail = await api.get<{ averageRating: number }>(`/api/concerts/${concert.id}`);
    const wishlist = await api.get<ConcertListItem[]>('/api/users/me/wishlist');
    expect(detail.body.averageRating).toBe(3.5);
    expect(wishlist.body.find((c) => c.id === concert.id)?.averageRating).toBe(3.5);
    // History lists concerts before today; move this one back a day to see it there.
    await db()
      .update(concerts)
      .set({ date: daysFromToday(-1) })
      .where(eq(concerts.id, concert.id));
    const history = await api.get<ConcertListItem[]>(`/api/users/${user.id}/history`);
    expect(history.body.find((c) => c.id === concert.id)?.averageRating).toBe(3.5);
  });
});
