import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Review } from '#shared/schemas/reviews';
import { artistFollows, artists, concerts, reviews, venues } from '#server/db/schema.ts';
import { daysFromToday } from '#server/db/seed/factories.ts';
import { TEST_RATINGS } from '#server/testing/review-fixtures.ts';
import { useTestApp } from '#server/testing/use-test-app.ts';

const server = useTestApp();
const { db, person, create } = server;

async function concertRow(id: string) {
  const [row] = await db().select().from(concerts).where(eq(concerts.id, id));
  return row!;
}

describe('a concert’s artist and venue rows', () => {
  it('are added for names seen for the first time, and found again for known ones', async () => {
    const newcomers = (fields: { city: string; genre?: string }) =>
      create.concert({ artist: 'Links Newcomers', venue: 'The Links Hall', ...fields });
    const first = await newcomers({ city: 'Chicago', genre: 'Jazz' });
    const second = await newcomers({ city: 'Chicago' });
    // The same hall name in another city is another venue.
    const elsewhere = await newcomers({ city: 'Austin' });
    const a = await concertRow(first.id);
    const b = await concertRow(second.id);
    const c = await concertRow(elsewhere.id);
    expect(a.artistId).toBe(b.artistId);
    expect(a.artistId).toBe(c.artistId);
    expect(a.venueId).toBe(b.venueId);
    expect(c.venueId).not.toBe(a.venueId);

    const [artist] = await db().select().from(artists).where(eq(artists.id, a.artistId));
    expect(artist).toMatchObject({ name: 'Links Newcomers', genres: ['Jazz'] });
    const [venue] = await db().select().from(venues).where(eq(venues.id, c.venueId));
    expect(venue).toMatchObject({ name: 'The Links Hall', city: 'Austin' });
  });

  it('follow a renamed artist or a moved concert', async () => {
    const concert = await create.concert({ artist: 'Links Before', city: 'Denver' });
    await db()
      .update(concerts)
      .set({ artist: 'Links After', city: 'Seattle' })
      .where(eq(concerts.id, concert.id));
    const row = await concertRow(concert.id);
    const [artist] = await db().select().from(artists).where(eq(artists.id, row.artistId));
    const [venue] = await db().select().from(venues).where(eq(venues.id, row.venueId));
    expect(artist!.name).toBe('Links After');
    expect(venue!.city).toBe('Seattle');
  });

  it('are the same row when ten concerts of a new artist are written at once', async () => {
    const made = await Promise.all(
      Array.from({ length: 10 }, () =>
        create.concert({ artist: 'Links Rush', venue: 'Rush Room', city: 'Austin' }),
      ),
    );
    const rows = await Promise.all(made.map((c) => concertRow(c.id)));
    expect(new Set(rows.map((r) => r.artistId)).size).toBe(1);
    expect(new Set(rows.map((r) => r.venueId)).size).toBe(1);
  });
});

describe('a concert’s aspect totals', () => {
  it('follow its reviews through writes, edits and deletes', async () => {
    const concert = await create.concert({ artist: 'Aspect Totals', date: daysFromToday(0) });
    const [first, second] = await Promise.all([person(), person()]);
    const post = (ratings: typeof TEST_RATINGS) => ({
      ...ratings,
      reviewText: 'Loud, tight and worth every cent.',
      media: [],
      concertId: concert.id,
    });
    const written = await first.api.post<Review>('/api/reviews', post(TEST_RATINGS));
    expect(written.status).toBe(201);
    const other = {
      overallRating: 2,
      performanceRating: 3,
      soundRating: 1,
      venueRating: 2.5,
      valueRating: 1.5,
    };
    expect((await second.api.post('/api/reviews', post(other))).status).toBe(201);
    expect(await concertRow(concert.id)).toMatchObject({
      reviewsCount: 2,
      performanceRatingTotal: 8,
      soundRatingTotal: 5,
      venueRatingTotal: 6,
      valueRatingTotal: 5.5,
    });

    const edited = { ...TEST_RATINGS, soundRating: 2 };
    expect((await first.api.put(`/api/reviews/${written.body.id}`, post(edited))).status).toBe(200);
    expect((await concertRow(concert.id)).soundRatingTotal).toBe(3);

    expect((await first.api.delete(`/api/reviews/${written.body.id}`)).status).toBe(204);
    expect(await concertRow(concert.id)).toMatchObject({
      reviewsCount: 1,
      overallRatingTotal: 2,
      performanceRatingTotal: 3,
      soundRatingTotal: 1,
      venueRatingTotal: 2.5,
      valueRatingTotal: 1.5,
    });
  });
});

describe('the database', () => {
  it('counts an artist’s followers as follows come and go', async () => {
    const concert = await create.concert({ artist: 'Counted Artist' });
    const { artistId } = await concertRow(concert.id);
    const [ada, bea] = await Promise.all([create.user(), create.user()]);
    await db()
      .insert(artistFollows)
      .values([
        { userId: ada.id, artistId },
        { userId: bea.id, artistId },
      ]);
    await db().delete(artistFollows).where(eq(artistFollows.userId, ada.id));
    const [artist] = await db().select().from(artists).where(eq(artists.id, artistId));
    expect(artist!.followerCount).toBe(1);
  });

  it('refuses a sixth highlight on a review', async () => {
    const concert = await create.concert({ date: daysFromToday(-3) });
    const author = await create.user();
    const insert = (highlights: string[]) =>
      db()
        .insert(reviews)
        .values({
          ...TEST_RATINGS,
          userId: author.id,
          concertId: concert.id,
          reviewText: 'Five songs I will remember for years.',
          highlights,
        });
    await expect(insert(['a', 'b', 'c', 'd', 'e', 'f'])).rejects.toThrow();
    await insert(['a', 'b', 'c', 'd', 'e']);
    const marked = await db()
      .select({ id: reviews.id })
      .from(reviews)
      .where(sql`${reviews.concertId} = ${concert.id} AND ${reviews.highlights} <> '{}'`);
    expect(marked).toHaveLength(1);
  });
});
