import { and, eq, or } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Notification, UnreadCount } from '#shared/schemas/notifications';
import type { Comment, Likes, Review } from '#shared/schemas/reviews';
import type { UserProfile, UserSummary } from '#shared/schemas/users';
import { blocks, timelineEntries, userFollows } from '#server/db/schema.ts';
import { daysFromToday } from '#server/db/seed/factories.ts';
import { apiClient, type ApiClient } from '#server/testing/api-client.ts';
import { jobsSettled } from '#server/testing/jobs.ts';
import { expectRefusalsOf, followCounters } from '#server/testing/person-actions.ts';
import { useTestApp } from '#server/testing/use-test-app.ts';

const server = useTestApp();
const { db, person, create } = server;

const followRowsBetween = (oneId: string, otherId: string) =>
  db().$count(
    userFollows,
    or(
      and(eq(userFollows.followerId, oneId), eq(userFollows.followingId, otherId)),
      and(eq(userFollows.followerId, otherId), eq(userFollows.followingId, oneId)),
    ),
  );

const counters = (userId: string) => followCounters(db(), userId);

async function timelineHas(userId: string, reviewId: string) {
  const rows = await db()
    .select({ id: timelineEntries.reviewId })
    .from(timelineEntries)
    .where(and(eq(timelineEntries.userId, userId), eq(timelineEntries.reviewId, reviewId)));
  return rows.length > 0;
}

const blockRows = (blockerId: string, blockedId: string) =>
  db().$count(blocks, and(eq(blocks.blockerId, blockerId), eq(blocks.blockedId, blockedId)));

const pastConcert = () => create.concert({ date: daysFromToday(-10) });

describe('POST and DELETE /api/users/{id}/block', () => {
  it('ends follows both ways, with their timeline entries, and keeps the counts exact', async () => {
    const ana = await person();
    const ben = await person();
    const other = await person();
    for (const [from, to] of [
      [ana, ben],
      [ben, ana],
      [other, ana],
      [ana, other],
    ] as const) {
      expect((await from.api.post(`/api/users/${to.user.id}/follow`)).status).toBe(200);
    }
    const anaReview = await create.review({ userId: ana.user.id });
    const benReview = await create.review({ userId: ben.user.id });
    await jobsSettled(db());
    expect(await timelineHas(ben.user.id, anaReview.id)).toBe(true);
    expect(await timelineHas(ana.user.id, benReview.id)).toBe(true);

    const blocked = await ana.api.post(`/api/users/${ben.user.id}/block`);
    expect(blocked).toMatchObject({ status: 200, body: { isBlocked: true } });
    expect(await followRowsBetween(ana.user.id, ben.user.id)).toBe(0);
    expect(await timelineHas(ben.user.id, anaReview.id)).toBe(false);
    expect(await timelineHas(ana.user.id, benReview.id)).toBe(false);
    // The follows with someone else stay.
    expect(await counters(ana.user.id)).toEqual({ followers: 1, following: 1 });
    expect(await counters(ben.user.id)).toEqual({ followers: 0, following: 0 });
    expect(await blockRows(ana.user.id, ben.user.id)).toBe(1);

    // Blocking twice is blocking once.
    expect(await ana.api.post(`/api/users/${ben.user.id}/block`)).toMatchObject({
      status: 200,
      body: { isBlocked: true },
    });
    expect(await blockRows(ana.user.id, ben.user.id)).toBe(1);
  });

  it('takes 10 blocks of the same person sent at once as one, and the counts stay exact', async () => {
    const ana = await person();
    const ben = await person();
    await ana.api.post(`/api/users/${ben.user.id}/follow`);
    await ben.api.post(`/api/users/${ana.user.id}/follow`);
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => ana.api.post(`/api/users/${ben.user.id}/block`)),
    );
    expect(answers.map((answer) => answer.status)).toEqual(Array(10).fill(200));
    expect(await blockRows(ana.user.id, ben.user.id)).toBe(1);
    expect(await followRowsBetween(ana.user.id, ben.user.id)).toBe(0);
    expect(await counters(ana.user.id)).toEqual({ followers: 0, following: 0 });
    expect(await counters(ben.user.id)).toEqual({ followers: 0, following: 0 });
  });

  it('leaves no follow when follows, unfollows and a block between the two are sent at once', async () => {
    for (let round = 0; round < 5; round += 1) {
      const ana = await person();
      const ben = await person();
      await ana.api.post(`/api/users/${ben.user.id}/follow`);
      const [follow, unfollow, followBack, block] = await Promise.all([
        ben.api.post(`/api/users/${ana.user.id}/follow`),
        ana.api.delete(`/api/users/${ben.user.id}/follow`),
        ana.api.post(`/api/users/${ben.user.id}/follow`),
        ana.api.post(`/api/users/${ben.user.id}/block`),
      ]);
      expect(block.status).toBe(200);
      // Each came first (and the block ended its follow) or after (and found the block).
      expect([200, 404]).toContain(follow.status);
      expect(unfollow.status).toBe(200);
      expect([200, 403]).toContain(followBack.status);
      expect(await followRowsBetween(ana.user.id, ben.user.id)).toBe(0);
      expect(await counters(ana.user.id)).toEqual({ followers: 0, following: 0 });
      expect(await counters(ben.user.id)).toEqual({ followers: 0, following: 0 });
    }
  });

  it('refuses yourself (400), nobody (404), a bad id (400) and the signed out (401)', async () => {
    await expectRefusalsOf(server, 'block', 'You cannot block yourself');
    expect((await apiClient(server.app).get('/api/users/me/blocks')).status).toBe(401);
  });

  it('lets neither follow, comment on or like the other: the blocked person as if the blocker did not exist', async () => {
    const blocker = await person();
    const blocked = await person();
    const blockerReview = await create.review({ userId: blocker.user.id });
    const blockedReview = await create.review({ userId: blocked.user.id });
    await blocker.api.post(`/api/users/${blocked.user.id}/block`);

    const userNotFound = { status: 404, body: { message: 'User not found' } };
    const reviewNotFound = { status: 404, body: { message: 'Review not found' } };
    const youBlocked = {
      status: 403,
      body: { message: 'You have blocked this person; unblock them first' },
    };
    /** Liking and commenting on the review both answer as if it did not exist. */
    const expectReviewHiddenFrom = async (api: ApiClient, reviewId: string) => {
      expect(await api.post(`/api/reviews/${reviewId}/like`)).toMatchObject(reviewNotFound);
      expect(
        await api.post(`/api/reviews/${reviewId}/comments`, { commentText: 'Hello there' }),
      ).toMatchObject(reviewNotFound);
    };
    expect(await blocked.api.post(`/api/users/${blocker.user.id}/follow`)).toMatchObject(
      userNotFound,
    );
    expect(await blocked.api.delete(`/api/users/${blocker.user.id}/follow`)).toMatchObject(
      userNotFound,
    );
    expect(await blocked.api.post(`/api/users/${blocker.user.id}/block`)).toMatchObject(
      userNotFound,
    );
    await expectReviewHiddenFrom(blocked.api, blockerReview.id);

    expect(await blocker.api.post(`/api/users/${blocked.user.id}/follow`)).toMatchObject(
      youBlocked,
    );
    // The blocker no longer sees the other's reviews either (users/visibility.ts).
    await expectReviewHiddenFrom(blocker.api, blockedReview.id);

    expect(await followRowsBetween(blocker.user.id, blocked.user.id)).toBe(0);
    expect(await blockRows(blocked.user.id, blocker.user.id)).toBe(0);
    // Nothing reached either of them.
    for (const side of [blocker, blocked]) {
      expect((await side.api.get<UnreadCount>('/api/notifications/unread-count')).body).toEqual({
        count: 0,
        followRequests: 0,
      });
    }
  });

  it('unblocking shows each to the other again, but brings no follow back', async () => {
    const ana = await person();
    const ben = await person();
    await ben.api.post(`/api/users/${ana.user.id}/follow`);
    const review = await create.review({ userId: ana.user.id });
    await ana.api.post(`/api/users/${ben.user.id}/block`);
    expect((await ben.api.get(`/api/users/${ana.user.id}`)).status).toBe(404);
    expect((await ben.api.get(`/api/reviews/${review.id}`)).status).toBe(404);

    expect(await ana.api.delete(`/api/users/${ben.user.id}/block`)).toMatchObject({
      status: 200,
      body: { isBlocked: false },
    });
    // Unblocking someone not blocked is fine.
    expect((await ana.api.delete(`/api/users/${ben.user.id}/block`)).status).toBe(200);
    const profile = await ben.api.get<UserProfile>(`/api/users/${ana.user.id}`);
    expect(profile).toMatchObject({ status: 200, body: { isFollowing: false, isBlocked: false } });
    expect((await ben.api.get(`/api/reviews/${review.id}`)).status).toBe(200);
    expect(await followRowsBetween(ana.user.id, ben.user.id)).toBe(0);
    expect(await counters(ana.user.id)).toEqual({ followers: 0, following: 0 });
    // They may follow again.
    expect((await ben.api.post(`/api/users/${ana.user.id}/follow`)).status).toBe(200);
  });
});

describe('GET /api/users/me/blocks', () => {
  it('lists the people I blocked, newest block first, a page at a time, and only mine', async () => {
    const me = await person();
    const people = [await person(), await person(), await person()];
    for (const { user } of people) {
      await me.api.post(`/api/users/${user.id}/block`);
    }
    // Someone else's block is not in my list.
    await people[0]!.api.post(`/api/users/${people[1]!.user.id}/block`);
    const newestFirst = people.map(({ user }) => user.id).reverse();

    const first = await me.api.get<UserSummary[]>('/api/users/me/blocks?limit=2');
    expect(first.status).toBe(200);
    expect(first.body.map((p) => p.id)).toEqual(newestFirst.slice(0, 2));
    expect(first.body[0]).toMatchObject({
      username: people[2]!.user.username,
      isFollowing: false,
    });
    const second = await me.api.get<UserSummary[]>(
      `/api/users/me/blocks?limit=2&before=${first.body[1]!.id}`,
    );
    expect(second.body.map((p) => p.id)).toEqual(newestFirst.slice(2));

    await me.api.delete(`/api/users/${people[1]!.user.id}/block`);
    const after = await me.api.get<UserSummary[]>('/api/users/me/blocks');
    expect(after.body.map((p) => p.id)).toEqual([people[2]!.user.id, people[0]!.user.id]);
    expect((await me.api.get(`/api/users/me/blocks?before=${people[1]!.user.id}`)).status).toBe(
      400,
    );
  });
});

/**
 * What each side of a block sees of the other, read by read. `stranger` is the control:
 * someone with no block, who sees everything the other two do not.
 */
type Viewer = 'stranger' | 'blocked' | 'blocker';
type Seen = 'shown' | 'absent' | 404;

interface Scene {
  /** The person whose things are read, as seen by `viewer`. */
  target: { id: string; username: string; reviewId: string; commentId: string };
  /** Someone else both follow, on whose review both commented and whom both liked. */
  third: { id: string; reviewId: string };
  concertId: string;
  api: ApiClient;
}

/** A read that is a list: whether it holds what `has` looks for. */
async function listed<T>(api: ApiClient, url: string, has: (item: T) => boolean): Promise<Seen> {
  const answer = await api.get<T[]>(url);
  if (answer.status === 404) return 404;
  expect(answer.status, url).toBe(200);
  return answer.body.some(has) ? 'shown' : 'absent';
}

/** A read of one thing: shown (200) or 404. */
async function one(api: ApiClient, url: string): Promise<Seen> {
  const answer = await api.get(url);
  if (answer.status === 404) return 404;
  expect(answer.status, url).toBe(200);
  return 'shown';
}

const READS: Record<string, { read: (scene: Scene) => Promise<Seen>; seen: Record<Viewer, Seen> }> =
  {
    profile: {
      read: ({ api, target }) => one(api, `/api/users/${target.id}`),
      // The blocker still reaches the profile, to unblock.
      seen: { stranger: 'shown', blocked: 404, blocker: 'shown' },
    },
    'profile by username': {
      read: ({ api, target }) => one(api, `/api/users/username/${target.username}`),
      seen: { stranger: 'shown', blocked: 404, blocker: 'shown' },
    },
    stats: {
      read: ({ api, target }) => one(api, `/api/users/${target.id}/stats`),
      seen: { stranger: 'shown', blocked: 404, blocker: 'shown' },
    },
    'reviews list': {
      read: ({ api, target }) =>
        listed<Review>(api, `/api/users/${target.id}/reviews`, (r) => r.id === target.reviewId),
      seen: { stranger: 'shown', blocked: 404, blocker: 404 },
    },
    'single review': {
      read: ({ api, target }) => one(api, `/api/reviews/${target.reviewId}`),
      seen: { stranger: 'shown', blocked: 404, blocker: 404 },
    },
    history: {
      read: ({ api, target, concertId }) =>
        listed<{ id: string }>(api, `/api/users/${target.id}/history`, (c) => c.id === concertId),
      seen: { stranger: 'shown', blocked: 404, blocker: 404 },
    },
    followers: {
      read: ({ api, target, third }) =>
        listed<UserSummary>(api, `/api/users/${target.id}/followers`, (p) => p.id === third.id),
      seen: { stranger: 'shown', blocked: 404, blocker: 404 },
    },
    following: {
      read: ({ api, target, third }) =>
        listed<UserSummary>(api, `/api/users/${target.id}/following`, (p) => p.id === third.id),
      seen: { stranger: 'shown', blocked: 404, blocker: 404 },
    },
    "in a third person's followers": {
      read: ({ api, target, third }) =>
        listed<UserSummary>(api, `/api/users/${third.id}/followers`, (p) => p.id === target.id),
      seen: { stranger: 'shown', blocked: 'absent', blocker: 'absent' },
    },
    timeline: {
      read: ({ api, target }) =>
        listed<Review>(api, '/api/reviews?feed=following', (r) => r.id === target.reviewId),
      seen: { stranger: 'shown', blocked: 'absent', blocker: 'absent' },
    },
    'concert page reviews': {
      read: ({ api, target, concertId }) =>
        listed<Review>(api, `/api/concerts/${concertId}/reviews`, (r) => r.id === target.reviewId),
      seen: { stranger: 'shown', blocked: 'absent', blocker: 'absent' },
    },
    'recent reviews': {
      read: ({ api, target }) =>
        listed<Review>(api, '/api/reviews?sort=recent&limit=50', (r) => r.id === target.reviewId),
      seen: { stranger: 'shown', blocked: 'absent', blocker: 'absent' },
    },
    trending: {
      read: ({ api, target }) =>
        listed<Review>(api, '/api/reviews?sort=rating&limit=50', (r) => r.id === target.reviewId),
      seen: { stranger: 'shown', blocked: 'absent', blocker: 'absent' },
    },
    search: {
      read: ({ api, target }) =>
        listed<UserSummary>(
          api,
          `/api/users/search?q=${target.username}`,
          (p) => p.id === target.id,
        ),
      seen: { stranger: 'shown', blocked: 'absent', blocker: 'absent' },
    },
    "comments on a third person's review": {
      read: ({ api, target, third }) =>
        listed<Comment>(
          api,
          `/api/reviews/${third.reviewId}/comments`,
          (c) => c.id === target.commentId,
        ),
      seen: { stranger: 'shown', blocked: 'absent', blocker: 'absent' },
    },
    'comments on their review': {
      read: ({ api, target }) =>
        listed<Comment>(api, `/api/reviews/${target.reviewId}/comments`, () => true),
      seen: { stranger: 'shown', blocked: 404, blocker: 404 },
    },
    'likes of their review': {
      read: async ({ api, target }) => {
        const answer = await api.get<Likes>(`/api/reviews/${target.reviewId}/likes`);
        if (answer.status === 404) return 404;
        expect(answer.body.count).toBeGreaterThan(0);
        return 'shown';
      },
      seen: { stranger: 'shown', blocked: 404, blocker: 404 },
    },
  };

describe('what each side of a block sees of the other', () => {
  it.each(Object.entries(READS))('%s', async (_name, { read, seen }) => {
    const concert = await pastConcert();
    const blocker = await person();
    const blocked = await person();
    const stranger = await person();
    const third = await person();
    const thirdReview = await create.review({
      userId: third.user.id,
      concertId: concert.id,
    });
    const written = new Map<string, { reviewId: string; commentId: string }>();
    for (const side of [blocker, blocked]) {
      const review = await create.review({
        userId: side.user.id,
        concertId: concert.id,
        overallRating: 5,
      });
      const comment = await create.comment({
        reviewId: thirdReview.id,
        userId: side.user.id,
      });
      // Everyone follows the third person, who follows them back; the two follow each other.
      await side.api.post(`/api/users/${third.user.id}/follow`);
      await third.api.post(`/api/users/${side.user.id}/follow`);
      await stranger.api.post(`/api/users/${side.user.id}/follow`);
      await side.api.post(`/api/reviews/${review.id}/like`);
      await stranger.api.post(`/api/reviews/${review.id}/like`);
      await create.comment({ reviewId: review.id, userId: stranger.user.id });
      written.set(side.user.id, { reviewId: review.id, commentId: comment.id });
    }
    await blocker.api.post(`/api/users/${blocked.user.id}/follow`);
    await blocked.api.post(`/api/users/${blocker.user.id}/follow`);
    await jobsSettled(db());
    expect((await blocker.api.post(`/api/users/${blocked.user.id}/block`)).status).toBe(200);

    const scenes: Record<Viewer, { api: ApiClient; target: typeof blocker }> = {
      stranger: { api: stranger.api, target: blocker },
      blocked: { api: blocked.api, target: blocker },
      blocker: { api: blocker.api, target: blocked },
    };
    const outcomes: Partial<Record<Viewer, Seen>> = {};
    for (const [viewer, { api, target }] of Object.entries(scenes) as [
      Viewer,
      (typeof scenes)[Viewer],
    ][]) {
      outcomes[viewer] = await read({
        api,
        target: {
          id: target.user.id,
          username: target.user.username!,
          ...written.get(target.user.id)!,
        },
        third: { id: third.user.id, reviewId: thirdReview.id },
        concertId: concert.id,
      });
    }
    expect(outcomes).toEqual(seen);
  });
});

describe('notices across a block', () => {
  it('hides the notices each had of the other, and the count of them; new ones cannot come', async () => {
    const ana = await person();
    const ben = await person();
    const other = await person();
    const anaReview = await create.review({ userId: ana.user.id });
    const benReview = await create.review({ userId: ben.user.id });
    await ben.api.post(`/api/reviews/${anaReview.id}/like`);
    await ben.api.post(`/api/reviews/${anaReview.id}/comments`, { commentText: 'Great night' });
    await ben.api.post(`/api/users/${ana.user.id}/follow`);
    await ana.api.post(`/api/reviews/${benReview.id}/like`);
    // On another review: comment notices of one review are grouped under their latest writer.
    const anaOtherReview = await create.review({ userId: ana.user.id });
    await other.api.post(`/api/reviews/${anaOtherReview.id}/comments`, { commentText: 'Agreed' });
    const actorsOf = async (api: ApiClient) =>
      (await api.get<Notification[]>('/api/notifications')).body.map((n) => n.actor?.id);
    const unread = async (api: ApiClient) =>
      (await api.get<UnreadCount>('/api/notifications/unread-count')).body.count;
    expect((await actorsOf(ana.api)).filter((id) => id === ben.user.id)).toHaveLength(3);
    expect(await unread(ana.api)).toBe(4);
    expect(await actorsOf(ben.api)).toEqual([ana.user.id]);

    await ana.api.post(`/api/users/${ben.user.id}/block`);
    expect(await actorsOf(ana.api)).toEqual([other.user.id]);
    expect(await unread(ana.api)).toBe(1);
    expect(await actorsOf(ben.api)).toEqual([]);
    expect(await unread(ben.api)).toBe(0);

    // Refused writes leave no notice behind.
    await ben.api.post(`/api/reviews/${anaReview.id}/like`);
    await ben.api.post(`/api/users/${ana.user.id}/follow`);
    expect(await unread(ana.api)).toBe(1);

    // Unblocking shows the old notices again.
    await ana.api.delete(`/api/users/${ben.user.id}/block`);
    expect(await unread(ana.api)).toBe(4);
  });
});
