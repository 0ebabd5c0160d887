import { and, eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import type { Review } from '#shared/schemas/reviews';
import { notifications, userSettings } from '#server/db/schema.ts';
import { daysFromToday } from '#server/db/seed/factories.ts';
import { apiClient, type ApiClient } from '#server/testing/api-client.ts';
import { jobsSettled } from '#server/testing/jobs.ts';
import { TEST_RATINGS } from '#server/testing/review-fixtures.ts';
import { NO_SUCH_ID, useTestApp } from '#server/testing/use-test-app.ts';

const server = useTestApp();
const { db, person, create } = server;

const ids = (reviews: Review[]) => reviews.map((review) => review.id);

describe('GET /api/reviews?feed=following', () => {
  it('holds only the reviews of the people the viewer follows, newest first, a page at a time', async () => {
    const { user: me, api } = await person();
    const [ana, ben, stranger] = await Promise.all([create.user(), create.user(), create.user()]);
    await api.post(`/api/users/${ana.id}/follow`);
    await create.follow({ followerId: me.id, followingId: ben.id });
    // Someone following me is not someone I follow.
    await create.follow({ followerId: stranger.id, followingId: me.id });

    const start = Date.now() - 1_000_000;
    const authors = [ana, ben, stranger, ana, me, ben, ana, stranger, ben];
    const written = [];
    for (const [i, author] of authors.entries()) {
      written.push(
        await create.review({ userId: author.id, createdAt: new Date(start + i * 1000) }),
      );
    }
    const followed = new Set([ana.id, ben.id]);
    const newestFirst = written
      .filter((review) => followed.has(review.userId))
      .map((review) => review.id)
      .reverse();
    await create.like({ reviewId: newestFirst[0]!, userId: me.id });

    const all = await api.get<Review[]>('/api/reviews?feed=following');
    expect(all.status).toBe(200);
    expect(ids(all.body)).toEqual(newestFirst);
    expect(all.body[0]).toMatchObject({
      likesCount: 1,
      isLiked: true,
      commentsCount: 0,
      user: { id: ben.id, username: ben.username },
    });
    expect(all.body[1]!.isLiked).toBe(false);

    const pages: string[][] = [];
    let before = '';
    for (;;) {
      const { body } = await api.get<Review[]>(
        `/api/reviews?feed=following&limit=2${before ? `&before=${before}` : ''}`,
      );
      if (body.length === 0) break;
      pages.push(ids(body));
      before = body.at(-1)!.id;
    }
    expect(pages).toEqual([newestFirst.slice(0, 2), newestFirst.slice(2, 4), newestFirst.slice(4)]);

    // Unfollowing takes their reviews out at once.
    await api.delete(`/api/users/${ana.id}/follow`);
    const afterUnfollow = await api.get<Review[]>('/api/reviews?feed=following');
    expect(afterUnfollow.body.every((review) => review.userId === ben.id)).toBe(true);
    expect(afterUnfollow.body).toHaveLength(3);
  });

  it('reads a whole page from each followed person when one of them wrote the most', async () => {
    const { user: me, api } = await person();
    const prolific = await create.user();
    const quiet = await create.user();
    await create.follow({ followerId: me.id, followingId: prolific.id });
    await create.follow({ followerId: me.id, followingId: quiet.id });
    const start = Date.now() - 500_000;
    const old = await create.review({ userId: quiet.id, createdAt: new Date(start) });
    const recent = [];
    for (let i = 1; i <= 5; i += 1) {
      recent.push(
        await create.review({ userId: prolific.id, createdAt: new Date(start + i * 1000) }),
      );
    }
    const { body } = await api.get<Review[]>('/api/reviews?feed=following&limit=3');
    expect(ids(body)).toEqual(
      recent
        .map((review) => review.id)
        .reverse()
        .slice(0, 3),
    );
    const rest = await api.get<Review[]>(
      `/api/reviews?feed=following&limit=10&before=${body[2]!.id}`,
    );
    expect(ids(rest.body)).toEqual([recent[1]!.id, recent[0]!.id, old.id]);
  });

  it('is empty for someone who follows nobody, 401 signed out, 400 for bad input', async () => {
    const { api } = await person();
    await create.review();
    expect(await api.get('/api/reviews?feed=following')).toMatchObject({ status: 200, body: [] });
    expect(await apiClient(server.app).get('/api/reviews?feed=following')).toMatchObject({
      status: 401,
    });
    const feed = await api.get<{ message: string }>('/api/reviews?feed=friends');
    expect(feed.status).toBe(400);
    expect(feed.body.message).toContain('feed');
    const sort = await api.get<{ message: string }>('/api/reviews?feed=following&sort=rating');
    expect(sort.status).toBe(400);
    expect(sort.body.message).toContain('sort');
    const cursor = await api.get<{ message: string }>(
      `/api/reviews?feed=following&before=${NO_SUCH_ID}`,
    );
    expect(cursor.status).toBe(400);
    expect(cursor.body.message).toContain('before');
  });

  it('leaves the everyone timeline as it was', async () => {
    const { api } = await person();
    const review = await create.review({ createdAt: new Date(Date.now() + 60_000) });
    const everyone = await api.get<Review[]>('/api/reviews?feed=everyone&limit=1');
    expect(ids(everyone.body)).toEqual([review.id]);
    expect(ids((await api.get<Review[]>('/api/reviews?limit=1')).body)).toEqual([review.id]);
  });
});

describe('the timeline written ahead for it', () => {
  it('brings in the reviews of someone followed later, and takes them out at unfollow or deletion', async () => {
    const { api } = await person();
    const ana = await person();
    const older = await create.review({
      userId: ana.user.id,
      createdAt: new Date(Date.now() - 2000),
    });
    const newer = await create.review({ userId: ana.user.id });
    const feed = async () => ids((await api.get<Review[]>('/api/reviews?feed=following')).body);
    expect(await feed()).toEqual([]);

    expect((await api.post(`/api/users/${ana.user.id}/follow`)).status).toBe(200);
    await vi.waitFor(async () => expect(await feed()).toEqual([newer.id, older.id]));
    expect((await ana.api.delete(`/api/reviews/${newer.id}`)).status).toBe(204);
    expect(await feed()).toEqual([older.id]);
    expect((await api.delete(`/api/users/${ana.user.id}/follow`)).status).toBe(200);
    expect(await feed()).toEqual([]);
  });

  it('holds what the follows and reviews say when both are written at the same moment', async () => {
    const pairs = await Promise.all(
      Array.from({ length: 20 }, async () => ({ reader: await person(), author: await person() })),
    );
    const [firstShow, secondShow] = await Promise.all([
      create.concert({ date: daysFromToday(-3) }),
      create.concert({ date: daysFromToday(-2) }),
    ]);
    const publish = async (author: ApiClient, concertId: string) => {
      const posted = await author.post<Review>('/api/reviews', {
        ...TEST_RATINGS,
        reviewText: 'Written while someone followed or unfollowed me.',
        concertId,
      });
      expect(posted.status).toBe(201);
      return posted.body;
    };
    // Each reader follows while their author publishes.
    const first = await Promise.all(
      pairs.map(async ({ reader, author }) => {
        const [followed, review] = await Promise.all([
          reader.api.post(`/api/users/${author.user.id}/follow`),
          publish(author.api, firstShow.id),
        ]);
        expect(followed.status).toBe(200);
        return review;
      }),
    );
    await jobsSettled(db());
    for (const [i, { reader }] of pairs.entries()) {
      const feed = await reader.api.get<Review[]>('/api/reviews?feed=following');
      expect(ids(feed.body)).toEqual([first[i]!.id]);
    }
    // Each reader unfollows while their author publishes again.
    await Promise.all(
      pairs.map(async ({ reader, author }) => {
        const [unfollowed] = await Promise.all([
          reader.api.delete(`/api/users/${author.user.id}/follow`),
          publish(author.api, secondShow.id),
        ]);
        expect(unfollowed.status).toBe(200);
      }),
    );
    await jobsSettled(db());
    for (const { reader } of pairs) {
      expect((await reader.api.get<Review[]>('/api/reviews?feed=following')).body).toEqual([]);
    }
  });
});

describe('a new review tells its author’s followers', () => {
  it('writes a notice for each follower who wants them, soon after the review', async () => {
    const { user: author, api } = await person({ firstName: 'Noor', lastName: 'Vale' });
    const [fan, mutedFan, stranger] = await Promise.all([
      create.user(),
      create.user(),
      create.user(),
    ]);
    await create.follow({ followerId: fan.id, followingId: author.id });
    await create.follow({ followerId: mutedFan.id, followingId: author.id });
    await db().insert(userSettings).values({ userId: mutedFan.id, newReviewNotif: false });
    const concert = await create.concert({ date: daysFromToday(-2), artist: 'Glass Pier' });

    const { status, body } = await api.post<Review>('/api/reviews', {
      ...TEST_RATINGS,
      reviewText: 'A set that never let up for a second.',
      concertId: concert.id,
    });
    expect(status).toBe(201);

    const noticeOf = (userId: string) =>
      db()
        .select()
        .from(notifications)
        .where(and(eq(notifications.userId, userId), eq(notifications.relatedReviewId, body.id)));
    await vi.waitFor(async () => expect(await noticeOf(fan.id)).toHaveLength(1));
    await jobsSettled(db());
    const [notice, ...others] = await noticeOf(fan.id);
    expect(others).toEqual([]);
    expect(notice).toMatchObject({ relatedUserId: author.id, relatedConcertId: concert.id });
    expect(await noticeOf(mutedFan.id)).toEqual([]);
    expect(await noticeOf(stranger.id)).toEqual([]);
    expect(await noticeOf(author.id)).toEqual([]);
  });

  it('writes none when the review is refused', async () => {
    const { user: author, api } = await person();
    const fan = await create.user();
    await create.follow({ followerId: fan.id, followingId: author.id });
    const upcoming = await create.concert({ date: daysFromToday(30) });
    const { status } = await api.post('/api/reviews', {
      ...TEST_RATINGS,
      reviewText: 'Not yet, but I can already tell.',
      concertId: upcoming.id,
    });
    expect(status).toBe(400);
    await jobsSettled(db());
    expect(await db().select().from(notifications).where(eq(notifications.userId, fan.id))).toEqual(
      [],
    );
  });
});
