import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { CITIES, GENRES } from '#shared/limits';
import {
  createTestDatabase,
  testDatabaseKind,
  useTestDatabase,
} from '#server/testing/test-database.ts';
import { executeRows, type Database } from '../index.ts';
import * as schema from '../schema.ts';
import { buildConcert, buildUser, createLike, daysFromToday, halfStep } from './factories.ts';
import { ARTISTS, DEMO_PEOPLE, VENUES } from './demo-catalogue.ts';
import { isDatabaseEmpty, seedDemoData, type SeedDemoCounts } from './seed-demo.ts';

const TODAY = new Date('2025-06-15T12:00:00Z');
const TODAY_ISO = '2025-06-15';

const { db: seededDb } = useTestDatabase();
let counts: SeedDemoCounts;

const count = (table: Parameters<Database['$count']>[0]) => seededDb().$count(table);

beforeAll(async () => {
  counts = await seedDemoData(seededDb(), { today: TODAY });
}, 60_000);

describe(`seedDemoData (${testDatabaseKind()})`, () => {
  it('links every concert to its artist and venue rows, adding none, and counts artist follows', async () => {
    expect(await count(schema.artists)).toBe(ARTISTS.length);
    expect(await count(schema.venues)).toBe(VENUES.length);
    const rows = await executeRows<{ wrong: number }>(
      seededDb(),
      sql`
      SELECT count(*)::int AS wrong FROM artists a
       WHERE a.follower_count <> (SELECT count(*) FROM artist_follows f WHERE f.artist_id = a.id)`,
    );
    expect(rows[0]!.wrong).toBe(0);
    const unlinked = await executeRows<{ n: number }>(
      seededDb(),
      sql`
      SELECT count(*)::int AS n FROM concerts c
        JOIN artists a ON a.id = c.artist_id JOIN venues v ON v.id = c.venue_id
       WHERE a.name <> c.artist OR v.name <> c.venue OR v.city <> c.city`,
    );
    expect(unlinked[0]!.n).toBe(0);
  });

  it('holds every catalogue person, artist and venue as written', async () => {
    const people = await seededDb()
      .select({
        username: schema.users.username,
        firstName: schema.users.firstName,
        lastName: schema.users.lastName,
        location: schema.users.location,
        isVerified: schema.users.isVerified,
      })
      .from(schema.users);
    for (const person of DEMO_PEOPLE) {
      expect(people).toContainEqual({
        username: person.username,
        firstName: person.firstName,
        lastName: person.lastName,
        location: person.location,
        isVerified: person.isVerified,
      });
    }
    const artistNames = (
      await seededDb().select({ name: schema.artists.name }).from(schema.artists)
    )
      .map((row) => row.name)
      .sort();
    expect(artistNames).toEqual(ARTISTS.map((artist) => artist.name).sort());
    const venues = await seededDb()
      .select({ name: schema.venues.name, city: schema.venues.city })
      .from(schema.venues);
    expect(venues.map((v) => `${v.name}, ${v.city}`).sort()).toEqual(
      VENUES.map((v) => `${v.name}, ${v.city}`).sort(),
    );
    // Every concert is one of those artists at one of those venues.
    const shows = await seededDb()
      .select({ artist: schema.concerts.artist, venue: schema.concerts.venue })
      .from(schema.concerts);
    for (const show of shows) {
      expect(artistNames).toContain(show.artist);
      expect(venues.map((v) => v.name)).toContain(show.venue);
    }
  });

  it('seeds the same data every time for the same day', async () => {
    const again = await createTestDatabase();
    try {
      expect(await seedDemoData(again.db, { today: TODAY })).toEqual(counts);
      const reviewsOf = (db: Database) =>
        db
          .select({ text: schema.reviews.reviewText, overall: schema.reviews.overallRating })
          .from(schema.reviews)
          .orderBy(schema.reviews.reviewText);
      expect(await reviewsOf(again.db)).toEqual(await reviewsOf(seededDb()));
    } finally {
      await again.close();
    }
  }, 60_000);

  it('meets the minimum counts, and reports what it inserted', async () => {
    expect(counts.concerts).toBeGreaterThanOrEqual(60);
    expect(counts.users).toBeGreaterThanOrEqual(12);
    expect(counts.reviews).toBeGreaterThanOrEqual(80);
    expect(counts.likes).toBeGreaterThan(0);
    expect(counts.comments).toBeGreaterThan(0);
    expect(counts.follows).toBeGreaterThan(0);
    expect(counts.setlists).toBeGreaterThan(0);

    expect(await count(schema.concerts)).toBe(counts.concerts);
    expect(await count(schema.users)).toBe(counts.users);
    expect(await count(schema.reviews)).toBe(counts.reviews);
    expect(await count(schema.reviewLikes)).toBe(counts.likes);
    expect(await count(schema.reviewComments)).toBe(counts.comments);
    expect(await count(schema.userFollows)).toBe(counts.follows);
    expect(await count(schema.concertWishlist)).toBe(counts.wishlist);
    expect(await count(schema.notifications)).toBe(counts.notifications);
    expect(await count(schema.setlists)).toBe(counts.setlists);
    expect(await count(schema.venues)).toBe(counts.venues);
    expect(await count(schema.artists)).toBe(counts.artists);
  });

  it('announces one show of a followed artist on the day, told to its followers in that city', async () => {
    const notices = await seededDb()
      .select()
      .from(schema.notifications)
      .where(eq(schema.notifications.type, 'new_shows'));
    expect(notices.length).toBeGreaterThanOrEqual(1);
    expect(new Set(notices.map((n) => n.relatedConcertId)).size).toBe(1);
    const [show] = await seededDb()
      .select()
      .from(schema.concerts)
      .where(eq(schema.concerts.id, notices[0]!.relatedConcertId!));
    expect(show!.date > TODAY_ISO).toBe(true);
    expect(show!.createdAt.toISOString().slice(0, 10)).toBe(TODAY_ISO);
    expect(notices.every((n) => !n.isRead && n.link === `/concerts/${show!.id}`)).toBe(true);
    expect(notices.every((n) => n.actorCount === 1)).toBe(true);
  });

  it('spreads concerts about evenly before and after today', async () => {
    const rows = await seededDb().select().from(schema.concerts);
    const past = rows.filter((c) => c.date < TODAY_ISO);
    const upcoming = rows.filter((c) => c.date > TODAY_ISO);
    expect(past.length).toBeGreaterThanOrEqual(25);
    expect(upcoming.length).toBeGreaterThanOrEqual(25);
    expect(past.length).toBe(counts.pastConcerts);
    expect(upcoming.length).toBe(counts.upcomingConcerts);
    for (const concert of rows) {
      expect(concert.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(concert.time).toMatch(/^\d{1,2}:\d{2} [AP]M$/);
      expect(concert.imageUrl).toMatch(/^\/demo\/poster-[a-z-]+-\d\.svg$/);
      expect(concert.description?.length).toBeGreaterThan(50);
      if (concert.date > TODAY_ISO) expect(concert.ticketUrl).toMatch(/^https:\/\//);
      else expect(concert.ticketUrl).toBeNull();
    }
  });

  it('covers all six cities and eight genres, with venues and artists to match', async () => {
    const rows = await seededDb().select().from(schema.concerts);
    expect(new Set(rows.map((c) => c.city))).toEqual(new Set(CITIES.map((c) => c.name)));
    expect(new Set(rows.map((c) => c.genre))).toEqual(new Set(GENRES.map((g) => g.slug)));

    const venues = await seededDb().select().from(schema.venues);
    const artists = await seededDb().select().from(schema.artists);
    const venueKeys = new Set(venues.map((v) => `${v.name}|${v.city}`));
    const artistNames = new Set(artists.map((a) => a.name));
    for (const concert of rows) {
      expect(venueKeys).toContain(`${concert.venue}|${concert.city}`);
      expect(artistNames).toContain(concert.artist);
    }
    for (const artist of artists) {
      expect(artist.concertCount).toBe(rows.filter((c) => c.artist === artist.name).length);
    }
  });

  it('reviews only past concerts, with five half-step ratings and dates after the show', async () => {
    const rows = await seededDb()
      .select({ review: schema.reviews, date: schema.concerts.date })
      .from(schema.reviews)
      .innerJoin(schema.concerts, eq(schema.reviews.concertId, schema.concerts.id));
    expect(rows).toHaveLength(counts.reviews);
    for (const { review, date } of rows) {
      expect(date < TODAY_ISO).toBe(true);
      for (const rating of [
        review.overallRating,
        review.performanceRating,
        review.soundRating,
        review.venueRating,
        review.valueRating,
      ]) {
        expect(rating).toBeGreaterThanOrEqual(1);
        expect(rating).toBeLessThanOrEqual(5);
        expect(rating * 2).toBe(Math.round(rating * 2));
      }
      const subAverage =
        (review.performanceRating + review.soundRating + review.venueRating + review.valueRating) /
        4;
      expect(Math.abs(review.overallRating - subAverage)).toBeLessThanOrEqual(1.25);
      expect(review.reviewText.length).toBeGreaterThanOrEqual(10);
      expect(review.reviewText.length).toBeLessThanOrEqual(2000);
      expect(review.reviewText).not.toMatch(/\{\w+\}/);
      expect(review.photos.length).toBeLessThanOrEqual(3);
      expect(toIso(review.createdAt) >= date).toBe(true);
      expect(review.createdAt.getTime()).toBeLessThan(TODAY.getTime());
    }
    expect(rows.some(({ review }) => review.photos.length > 0)).toBe(true);
  });

  it('gives demo people diaries larger than their reviews, and one of them a show ahead', async () => {
    expect(await count(schema.attendance)).toBe(counts.attendance);
    // Every review's show is "I was there".
    const unmarked = await executeRows<{ id: string }>(
      seededDb(),
      sql`SELECT r.id FROM ${schema.reviews} r
           WHERE NOT EXISTS (SELECT 1 FROM ${schema.attendance} a
                              WHERE a.user_id = r.user_id AND a.concert_id = r.concert_id
                                AND a.status = 'attended')`,
    );
    expect(unmarked).toEqual([]);
    const perPerson = await executeRows<{ shows: number; reviews: number }>(
      seededDb(),
      sql`SELECT (SELECT count(*)::int FROM ${schema.attendance} a
                   WHERE a.user_id = u.id AND a.status = 'attended') AS shows,
                 (SELECT count(*)::int FROM ${schema.reviews} r WHERE r.user_id = u.id) AS reviews
            FROM ${schema.users} u`,
    );
    for (const person of perPerson) expect(person.shows).toBeGreaterThan(person.reviews);
    // Marks keep their concert's date: attended before today, going after it.
    const wrong = await executeRows<{ id: string }>(
      seededDb(),
      sql`SELECT a.concert_id AS id FROM ${schema.attendance} a
            JOIN ${schema.concerts} c ON c.id = a.concert_id
           WHERE a.concert_date <> c.date
              OR (a.status = 'attended' AND c.date >= ${TODAY_ISO}::date)
              OR (a.status = 'going' AND c.date <= ${TODAY_ISO}::date)`,
    );
    expect(wrong).toEqual([]);
    const goingPublic = await executeRows<{ n: number }>(
      seededDb(),
      sql`SELECT count(*)::int AS n FROM ${schema.attendance} a
            JOIN ${schema.users} u ON u.id = a.user_id
           WHERE a.status = 'going' AND NOT u.is_private`,
    );
    expect(goingPublic[0]!.n).toBeGreaterThan(0);
    // Some shows people were at have setlists, so "Songs heard live" has songs.
    const withSongs = await executeRows<{ n: number }>(
      seededDb(),
      sql`SELECT count(DISTINCT a.user_id)::int AS n FROM ${schema.attendance} a
            JOIN ${schema.setlists} s ON s.concert_id = a.concert_id
           WHERE a.status = 'attended'`,
    );
    expect(withSongs[0]!.n).toBeGreaterThan(0);
  });

  it('keeps reviews.likes equal to the like rows of each review', async () => {
    const mismatches = await seededDb()
      .select({ id: schema.reviews.id })
      .from(schema.reviews)
      .leftJoin(schema.reviewLikes, eq(schema.reviewLikes.reviewId, schema.reviews.id))
      .groupBy(schema.reviews.id, schema.reviews.likes)
      .having(sql`${schema.reviews.likes} <> count(${schema.reviewLikes.id})`);
    expect(mismatches).toHaveLength(0);
    const total = await seededDb()
      .select({ n: sql<number>`coalesce(sum(${schema.reviews.likes}), 0)::int` })
      .from(schema.reviews);
    expect(total[0]?.n).toBe(counts.likes);
  });

  it('keeps each concert’s review count and rating sum equal to its reviews', async () => {
    const mismatches = await seededDb()
      .select({ id: schema.concerts.id })
      .from(schema.concerts)
      .leftJoin(schema.reviews, eq(schema.reviews.concertId, schema.concerts.id))
      .groupBy(schema.concerts.id)
      .having(
        sql`${schema.concerts.reviewsCount} <> count(${schema.reviews.id})
          or ${schema.concerts.overallRatingTotal} <> coalesce(sum(${schema.reviews.overallRating}), 0)`,
      );
    expect(mismatches).toHaveLength(0);
    const [reviewed] = await seededDb()
      .select({ n: sql<number>`count(*)::int` })
      .from(schema.concerts)
      .where(sql`${schema.concerts.reviewsCount} > 0`);
    expect(reviewed?.n).toBeGreaterThan(0);
  });

  it('has a past show at a venue nobody has reviewed yet, for a venue page’s empty averages', async () => {
    const { rows } = (await seededDb().execute(sql`
      SELECT v.name FROM venues v
       WHERE EXISTS (SELECT 1 FROM concerts c WHERE c.venue_id = v.id AND c.date < ${TODAY_ISO})
         AND NOT EXISTS (SELECT 1 FROM concerts c WHERE c.venue_id = v.id AND c.reviews_count > 0)`)) as unknown as {
      rows: { name: string }[];
    };
    expect(rows.length).toBeGreaterThan(0);
  });

  it('marks highlights only from the reviewed show’s setlist', async () => {
    const { rows } = (await seededDb().execute(sql`
      SELECT r.highlights, s.songs || s.encore_songs AS setlist FROM reviews r
        JOIN setlists s ON s.concert_id = r.concert_id
       WHERE r.highlights <> '{}'::text[]`)) as unknown as {
      rows: { highlights: string[]; setlist: string[] }[];
    };
    expect(rows.length).toBeGreaterThan(5);
    for (const row of rows) {
      expect(row.highlights.length).toBeLessThanOrEqual(3);
      for (const song of row.highlights) expect(row.setlist).toContain(song);
    }
    const [outside] = (
      (await seededDb().execute(sql`
        SELECT count(*)::int AS n FROM reviews r
         WHERE r.highlights <> '{}'::text[]
           AND NOT EXISTS (SELECT 1 FROM setlists s WHERE s.concert_id = r.concert_id)`)) as unknown as {
        rows: { n: number }[];
      }
    ).rows;
    expect(outside?.n).toBe(0);
  });

  it('creates demo people without a sign-in identity, some with bundled avatars', async () => {
    const users = await seededDb().select().from(schema.users);
    for (const user of users) {
      expect(user.authIssuer).toBeNull();
      expect(user.authSubject).toBeNull();
      expect(user.username).toMatch(/^[a-z0-9_-]{3,30}$/);
    }
    expect(users.some((u) => u.profileImageUrl?.startsWith('/demo/avatar-'))).toBe(true);
    expect(users.some((u) => u.profileImageUrl === null)).toBe(true);
  });

  it('refuses to seed a database that has data, and changes nothing', async () => {
    expect(await isDatabaseEmpty(seededDb())).toBe(false);
    await expect(seedDemoData(seededDb(), { today: TODAY })).rejects.toThrow(/already has/);
    expect(await count(schema.concerts)).toBe(counts.concerts);
    expect(await count(schema.users)).toBe(counts.users);
    expect(await count(schema.reviews)).toBe(counts.reviews);
    expect(await count(schema.reviewLikes)).toBe(counts.likes);
  });
});

describe(`factories (${testDatabaseKind()})`, () => {
  const { db, create } = useTestDatabase();

  /** What reviews.likes says for a review. */
  const likesCounter = async (reviewId: string) => {
    const [row] = await db()
      .select({ likes: schema.reviews.likes })
      .from(schema.reviews)
      .where(eq(schema.reviews.id, reviewId));
    return row?.likes;
  };

  it('builds believable rows that honour overrides', () => {
    const user = buildUser({ firstName: 'Ada' });
    expect(user.firstName).toBe('Ada');
    expect(user.username).toMatch(/^[a-z0-9_-]{3,30}$/);
    expect(buildUser().email).not.toBe(buildUser().email);

    const concert = buildConcert({ city: 'Denver', genre: 'jazz' });
    expect(concert.city).toBe('Denver');
    expect(concert.genre).toBe('jazz');
    expect(concert.date >= daysFromToday(0)).toBe(true);
    expect(concert.ticketUrl).toMatch(/^https:\/\//);
    expect(buildConcert({ date: daysFromToday(-10) }).ticketUrl).toBeNull();

    expect(halfStep(4.26)).toBe(4.5);
    expect(halfStep(0.2)).toBe(1);
    expect(halfStep(7)).toBe(5);
  });

  it('isDatabaseEmpty is true on a fresh database', async () => {
    expect(await isDatabaseEmpty(db())).toBe(true);
  });

  it('createLike adds the row and bumps reviews.likes with it', async () => {
    const review = await create.review();
    expect(review.likes).toBe(0);
    await create.like({ reviewId: review.id });
    await create.like({ reviewId: review.id });
    expect(await likesCounter(review.id)).toBe(2);
    expect(await db().$count(schema.reviewLikes, eq(schema.reviewLikes.reviewId, review.id))).toBe(
      2,
    );
  });

  it('createLike inside a transaction uses that transaction', async () => {
    const review = await create.review();
    await db().transaction(async (tx) => {
      await createLike(tx, { reviewId: review.id });
    });
    expect(await likesCounter(review.id)).toBe(1);
  });

  it('a failed like (duplicate) leaves the counter alone', async () => {
    const review = await create.review();
    const user = await create.user();
    await create.like({ reviewId: review.id, userId: user.id });
    await expect(create.like({ reviewId: review.id, userId: user.id })).rejects.toThrow();
    expect(await likesCounter(review.id)).toBe(1);
  });

  it('creates every kind of row, with parents made on demand', async () => {
    const review = await create.review();
    const concert = await create.concert();
    expect((await create.comment({ reviewId: review.id })).reviewId).toBe(review.id);
    const follow = await create.follow();
    expect(follow.followerId).not.toBe(follow.followingId);
    expect((await create.wishlistEntry({ concertId: concert.id })).concertId).toBe(concert.id);
    const notification = await create.notification();
    expect(notification.type).toBe('new_follower');
    expect(notification.relatedUserId).not.toBeNull();
    const many = await Promise.all(Array.from({ length: 25 }, () => create.user()));
    expect(new Set(many.map((u) => u.username)).size).toBe(25);
  });
});

function toIso(date: Date): string {
  return date.toISOString().slice(0, 10);
}
