import { count, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { sqlState } from '../http-error.ts';
import { testDatabaseKind, useTestDatabase } from '../testing/test-database.ts';
import { executeRows } from './index.ts';
import * as schema from './schema.ts';

const { db, create } = useTestDatabase();

/** The SQLSTATE the database answered with; fails the test when the write went through. */
async function rejection(write: Promise<unknown>): Promise<string | undefined> {
  try {
    await write;
  } catch (error) {
    return sqlState(error);
  }
  throw new Error('the database accepted a write it should have refused');
}

describe(`schema constraints (${testDatabaseKind()})`, () => {
  it('applies every migration', async () => {
    const tables = await executeRows<{ table_name: string }>(
      db(),
      sql`select table_name from information_schema.tables where table_schema = 'public'`,
    );
    const names = tables.map((row) => row.table_name);
    for (const table of [
      'users',
      'session',
      'concerts',
      'reviews',
      'review_comments',
      'user_follows',
      'concert_wishlist',
      'review_likes',
      'notifications',
      'artists',
      'venues',
      'user_settings',
      'setlists',
      'artist_follows',
    ]) {
      expect(names).toContain(table);
    }
  });

  it('keeps half-step ratings as they were sent', async () => {
    const review = await create.review({
      overallRating: 4.5,
      performanceRating: 3.5,
      soundRating: 1,
      venueRating: 5,
      valueRating: 2.5,
    });
    const [row] = await db().select().from(schema.reviews).where(eq(schema.reviews.id, review.id));
    expect(row).toMatchObject({
      overallRating: 4.5,
      performanceRating: 3.5,
      soundRating: 1,
      venueRating: 5,
      valueRating: 2.5,
    });
  });

  it.each([
    ['above five', { overallRating: 5.5 }],
    ['below one', { soundRating: 0.5 }],
    ['not a half step', { valueRating: 4.2 }],
  ])('rejects a rating %s', async (_label, ratings) => {
    expect(await rejection(create.review(ratings))).toBe('23514');
  });

  it.each([
    ['shorter than 10', 'too short'],
    ['longer than 2000', 'x'.repeat(2001)],
  ])('rejects review text %s', async (_label, reviewText) => {
    expect(await rejection(create.review({ reviewText }))).toBe('23514');
  });

  it('rejects empty and overlong comments', async () => {
    expect(await rejection(create.comment({ commentText: '' }))).toBe('23514');
    expect(await rejection(create.comment({ commentText: 'x'.repeat(501) }))).toBe('23514');
  });

  it.each([['ab'], ['Upper'], ['has space'], ['x'.repeat(31)]])(
    'rejects the username %j',
    async (username) => {
      expect(await rejection(create.user({ username }))).toMatch(/^(23514|22001)$/);
    },
  );

  it('allows one review per user per concert', async () => {
    const review = await create.review();
    expect(
      await rejection(create.review({ userId: review.userId, concertId: review.concertId })),
    ).toBe('23505');
  });

  it('refuses duplicate follows, likes and wishlist entries, and following oneself', async () => {
    const follow = await create.follow();
    expect(
      await rejection(
        create.follow({ followerId: follow.followerId, followingId: follow.followingId }),
      ),
    ).toBe('23505');
    const person = await create.user();
    expect(await rejection(create.follow({ followerId: person.id, followingId: person.id }))).toBe(
      '23514',
    );

    const like = await create.like();
    expect(await rejection(create.like({ userId: like.userId, reviewId: like.reviewId }))).toBe(
      '23505',
    );

    const entry = await create.wishlistEntry();
    expect(
      await rejection(create.wishlistEntry({ userId: entry.userId, concertId: entry.concertId })),
    ).toBe('23505');
  });

  it('deletes a user’s reviews, likes, comments and follows with the user', async () => {
    const author = await create.user();
    const concert = await create.concert({ date: '2026-02-01' });
    const review = await create.review({ userId: author.id, concertId: concert.id });
    await create.like({ reviewId: review.id });
    await create.comment({ reviewId: review.id });
    await create.follow({ followerId: author.id });

    await db().delete(schema.users).where(eq(schema.users.id, author.id));

    const left = async (table: typeof schema.reviewLikes | typeof schema.reviewComments) =>
      (await db().select({ n: count() }).from(table).where(eq(table.reviewId, review.id)))[0]!.n;
    expect(
      await db().select().from(schema.reviews).where(eq(schema.reviews.id, review.id)),
    ).toEqual([]);
    expect(await left(schema.reviewLikes)).toBe(0);
    expect(await left(schema.reviewComments)).toBe(0);
    expect(
      await db()
        .select()
        .from(schema.userFollows)
        .where(eq(schema.userFollows.followerId, author.id)),
    ).toEqual([]);
    // The concert stays: it is not the user's.
    expect(
      await db().select().from(schema.concerts).where(eq(schema.concerts.id, concert.id)),
    ).toHaveLength(1);
  });

  it('takes timeline entries out with their review, their reader, or the review’s author', async () => {
    const author = await create.user();
    const other = await create.user();
    const reader = await create.user();
    const leaving = await create.user();
    for (const followerId of [reader.id, leaving.id]) {
      await create.follow({ followerId, followingId: author.id });
    }
    await create.follow({ followerId: reader.id, followingId: other.id });
    const [deleted, kept, others] = [
      await create.review({ userId: author.id }),
      await create.review({ userId: author.id }),
      await create.review({ userId: other.id }),
    ];
    const timeline = async (userId: string) =>
      (
        await db()
          .select({ reviewId: schema.timelineEntries.reviewId })
          .from(schema.timelineEntries)
          .where(eq(schema.timelineEntries.userId, userId))
      )
        .map((entry) => entry.reviewId)
        .sort();
    expect(await timeline(reader.id)).toEqual([deleted.id, kept.id, others.id].sort());
    expect(await timeline(leaving.id)).toEqual([deleted.id, kept.id].sort());

    await db().delete(schema.reviews).where(eq(schema.reviews.id, deleted.id));
    expect(await timeline(reader.id)).toEqual([kept.id, others.id].sort());
    expect(await timeline(leaving.id)).toEqual([kept.id]);

    await db().delete(schema.users).where(eq(schema.users.id, leaving.id));
    expect(await timeline(leaving.id)).toEqual([]);

    await db().delete(schema.users).where(eq(schema.users.id, author.id));
    expect(await timeline(reader.id)).toEqual([others.id]);
    const [left] = await db()
      .select({ n: count() })
      .from(schema.timelineEntries)
      .where(sql`${schema.timelineEntries.reviewId} IN (${deleted.id}, ${kept.id})`);
    expect(left!.n).toBe(0);
  });
});
