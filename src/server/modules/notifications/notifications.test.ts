import { and, eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { noticeMessage, noticeTitle } from '#shared/notice-text';
import type { Notification, UnreadCount } from '#shared/schemas/notifications';
import type { Comment } from '#shared/schemas/reviews';
import { notifications, userFollows, userSettings } from '#server/db/schema.ts';
import { type User } from '#server/db/seed/factories.ts';
import { apiClient, signInAs, type ApiClient } from '#server/testing/api-client.ts';
import { useTestApp } from '#server/testing/use-test-app.ts';
import { tellFollowersOfReview } from '../reviews/index.ts';
import { notifyNewFollower } from './index.ts';

const server = useTestApp();
const { db, create } = server;

/** An author with a signed-in client and one review of a concert by `artist`. */
async function authorWithReview(artist = 'The Velvet Lanterns') {
  const { user: author, api: client } = await server.person();
  const concert = await create.concert({ artist });
  const review = await create.review({ userId: author.id, concertId: concert.id });
  return { author, review, client };
}

async function person(firstName: string, lastName: string): Promise<User> {
  return create.user({ firstName, lastName });
}

async function like(userId: string, reviewId: string) {
  const client = await signInAs(server, userId);
  expect((await client.post(`/api/reviews/${reviewId}/like`)).status).toBe(200);
}

const list = async (client: ApiClient, query = '') =>
  (await client.get<Notification[]>(`/api/notifications${query}`)).body;

const follow = (actorId: string, userId: string) =>
  db().transaction((tx) => notifyNewFollower(tx, { actorId, userId }));

describe('GET /api/notifications/unread-count', () => {
  it('counts only the signed-in user’s unread notifications', async () => {
    const { user, api } = await server.person();
    const userId = user.id;
    expect(await api.get('/api/notifications/unread-count')).toMatchObject({
      status: 200,
      body: { count: 0, followRequests: 0 },
    });

    await create.notification({ userId });
    await create.notification({ userId });
    await create.notification({ userId, isRead: true });
    await create.notification(); // someone else's

    expect((await api.get('/api/notifications/unread-count')).body).toEqual({
      count: 2,
      followRequests: 0,
    });
  });
});

describe('likes', () => {
  it('groups the unread likes of one review into one row naming the latest liker', async () => {
    const { review, client } = await authorWithReview('Neon Harbor');
    const ana = await person('Ana', 'Silva');
    await like(ana.id, review.id);
    let [notice] = await list(client);
    expect(notice).toMatchObject({
      type: 'review_like',
      actorCount: 1,
      message: 'Ana Silva liked your review of Neon Harbor.',
      relatedReviewId: review.id,
      relatedConcertId: review.concertId,
      link: `/reviews/${review.id}`,
      isRead: false,
      actor: { id: ana.id, firstName: 'Ana', lastName: 'Silva' },
    });

    const ben = await person('Ben', 'Okafor');
    await like(ben.id, review.id);
    [notice] = await list(client);
    expect(notice).toMatchObject({
      actorCount: 2,
      message: 'Ben Okafor and 1 other liked your review of Neon Harbor.',
    });

    const cleo = await person('Cleo', 'Marsh');
    await like(cleo.id, review.id);
    const all = await list(client);
    expect(all).toHaveLength(1);
    expect(all[0]).toMatchObject({
      actorCount: 3,
      message: 'Cleo Marsh and 2 others liked your review of Neon Harbor.',
      actor: { id: cleo.id },
    });
    expect((await client.get<UnreadCount>('/api/notifications/unread-count')).body).toEqual({
      count: 1,
      followRequests: 0,
    });
  });

  it('counts many likers arriving at once, in one row', async () => {
    const { author, review, client } = await authorWithReview();
    const likers = await Promise.all(
      Array.from({ length: 6 }, (_, i) => person(`Liker${i}`, 'Fan')),
    );
    await Promise.all(likers.map((liker) => like(liker.id, review.id)));
    const rows = await db().select().from(notifications).where(eq(notifications.userId, author.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.actorCount).toBe(6);
    expect((await list(client))[0]!.message).toMatch(/^Liker\d Fan and 5 others liked/);
  });

  it('starts a new row for a like after the group was read', async () => {
    const { review, client } = await authorWithReview();
    await like((await person('Ana', 'One')).id, review.id);
    await like((await person('Ben', 'Two')).id, review.id);
    const [read] = await list(client);
    expect((await client.post(`/api/notifications/${read!.id}/read`)).body).toEqual({
      count: 0,
      followRequests: 0,
    });

    await like((await person('Cleo', 'Three')).id, review.id);
    const [fresh, old] = await list(client);
    expect(fresh).toMatchObject({
      actorCount: 1,
      isRead: false,
      message: expect.stringMatching(/^Cleo Three liked/) as string,
    });
    expect(old).toMatchObject({ id: read!.id, actorCount: 2, isRead: true });
  });

  it('keeps likes of different reviews apart', async () => {
    const author = await create.user();
    const first = await create.review({ userId: author.id });
    const second = await create.review({ userId: author.id });
    const ana = await person('Ana', 'Apart');
    await like(ana.id, first.id);
    await like(ana.id, second.id);
    const rows = await list(await signInAs(server, author.id));
    expect(rows.map((n) => n.relatedReviewId).sort()).toEqual([first.id, second.id].sort());
  });

  it('never tells people of their own likes', async () => {
    const { author, review, client } = await authorWithReview();
    await like(author.id, review.id);
    expect(await list(client)).toEqual([]);
  });

  it('honours newLikeNotif', async () => {
    const { author, review, client } = await authorWithReview();
    await db().insert(userSettings).values({ userId: author.id, newLikeNotif: false });
    await like((await person('Ana', 'Muted')).id, review.id);
    expect(await list(client)).toEqual([]);
  });
});

describe('comments', () => {
  const commentOn = async (client: ApiClient, reviewId: string, commentText = 'Great show!') => {
    const sent = await client.post<Comment>(`/api/reviews/${reviewId}/comments`, { commentText });
    expect(sent.status).toBe(201);
    return sent.body;
  };
  const commentNotices = async (client: ApiClient) =>
    (await list(client)).filter((n) => n.type === 'review_comment');

  it('group while unread, counting people, not comments; honour newCommentNotif and never for oneself', async () => {
    const { author, review, client } = await authorWithReview('Glass Canyon');
    const ana = await signInAs(server, (await person('Ana', 'Writer')).id);
    await commentOn(ana, review.id, 'Great show!');
    await commentOn(ana, review.id, 'Loved it.');
    expect(await commentNotices(client)).toEqual([
      expect.objectContaining({
        title: 'New comment',
        actorCount: 1,
        message: 'Ana Writer commented on your review of Glass Canyon.',
      }),
    ]);
    for (const [first, last] of [
      ['Ben', 'Two'],
      ['Cleo', 'Three'],
      ['Ana', 'Lima'],
    ] as const) {
      await commentOn(await signInAs(server, (await person(first, last)).id), review.id);
    }
    // Ana Writer again: still four people.
    await commentOn(ana, review.id, 'One more thing');
    const [grouped] = await commentNotices(client);
    expect(grouped).toMatchObject({
      actorCount: 4,
      actor: { firstName: 'Ana', lastName: 'Writer' },
      message: 'Ana Writer and 3 others commented on your review of Glass Canyon.',
    });
    expect(await commentNotices(client)).toHaveLength(1);

    // Once read, the next comment starts a new notice.
    expect((await client.post(`/api/notifications/${grouped!.id}/read`)).status).toBe(200);
    await commentOn(await signInAs(server, (await person('Dan', 'Four')).id), review.id);
    expect((await commentNotices(client)).map((n) => [n.message, n.isRead])).toEqual([
      ['Dan Four commented on your review of Glass Canyon.', false],
      ['Ana Writer and 3 others commented on your review of Glass Canyon.', true],
    ]);

    await db().insert(userSettings).values({ userId: author.id, newCommentNotif: false });
    await commentOn(ana, review.id, 'Once more');
    expect(await commentNotices(client)).toHaveLength(2);
    await db()
      .update(userSettings)
      .set({ newCommentNotif: true })
      .where(eq(userSettings.userId, author.id));
    await commentOn(client, review.id, 'Thanks');
    expect(await commentNotices(client)).toHaveLength(2);
  });

  it('say what the one shared wording says, for one, two and more people, named or not', async () => {
    const { review, client } = await authorWithReview('Glass Canyon');
    const named = await create.user({ firstName: 'Ana', lastName: 'Lima' });
    const handleOnly = await create.user({
      firstName: null,
      lastName: null,
      username: 'quiet_fan',
    });
    const nameless = await create.user({ firstName: null, lastName: null, username: null });
    const seen: string[] = [];
    for (const commenter of [named, handleOnly, nameless, named]) {
      await commentOn(await signInAs(server, commenter.id), review.id);
      const [notice] = await commentNotices(client);
      expect(notice!.message).toBe(
        noticeMessage({
          type: 'review_comment',
          actor: commenter,
          actorCount: notice!.actorCount,
          artist: 'Glass Canyon',
        }),
      );
      expect(notice!.title).toBe(noticeTitle(notice!));
      seen.push(notice!.message);
    }
    expect(seen).toEqual([
      'Ana Lima commented on your review of Glass Canyon.',
      '@quiet_fan and 1 other commented on your review of Glass Canyon.',
      'Someone and 2 others commented on your review of Glass Canyon.',
      'Ana Lima and 2 others commented on your review of Glass Canyon.',
    ]);
  });

  it('count every one of many people commenting at once', async () => {
    const { review, client } = await authorWithReview('Neon Harbor');
    const people = await Promise.all(
      Array.from({ length: 8 }, async (_, i) =>
        signInAs(server, (await person(`Fan${i}`, 'X')).id),
      ),
    );
    await Promise.all(people.map((p) => commentOn(p, review.id)));
    const [notice] = await commentNotices(client);
    expect(notice!.actorCount).toBe(8);
    expect(notice!.message).toMatch(
      /^Fan\d X and 7 others commented on your review of Neon Harbor\.$/,
    );
  });

  it('lose a person whose comments are all deleted, and go when nobody is left', async () => {
    const { review, client } = await authorWithReview('Glass Canyon');
    const ana = await signInAs(server, (await person('Ana', 'Lima')).id);
    const ben = await signInAs(server, (await person('Ben', 'Two')).id);
    const cleo = await signInAs(server, (await person('Cleo', 'Three')).id);
    const anaFirst = await commentOn(ana, review.id);
    const anaSecond = await commentOn(ana, review.id);
    const benComment = await commentOn(ben, review.id);
    const cleoComment = await commentOn(cleo, review.id);
    expect((await commentNotices(client))[0]!.message).toBe(
      'Cleo Three and 2 others commented on your review of Glass Canyon.',
    );

    // Cleo takes hers back: the notice names Ben, the latest of those left.
    expect((await cleo.delete(`/api/comments/${cleoComment.id}`)).status).toBe(204);
    expect(await commentNotices(client)).toEqual([
      expect.objectContaining({
        actorCount: 2,
        actor: expect.objectContaining({ firstName: 'Ben' }) as unknown,
        message: 'Ben Two and 1 other commented on your review of Glass Canyon.',
      }),
    ]);
    // Ana keeps one comment, so she still counts; the review's author deletes the other.
    expect((await client.delete(`/api/comments/${anaFirst.id}`)).status).toBe(204);
    expect((await commentNotices(client))[0]!.actorCount).toBe(2);
    expect((await ben.delete(`/api/comments/${benComment.id}`)).status).toBe(204);
    expect((await commentNotices(client))[0]!.message).toBe(
      'Ana Lima commented on your review of Glass Canyon.',
    );
    expect((await ana.delete(`/api/comments/${anaSecond.id}`)).status).toBe(204);
    expect(await commentNotices(client)).toEqual([]);
    expect((await client.get<UnreadCount>('/api/notifications/unread-count')).body).toEqual({
      count: 0,
      followRequests: 0,
    });
  });

  it('keep their count exact when comments are written and deleted at once', async () => {
    const { review, client } = await authorWithReview('Neon Harbor');
    const people = await Promise.all(
      Array.from({ length: 6 }, async (_, i) =>
        signInAs(server, (await person(`Fan${i}`, 'Y')).id),
      ),
    );
    const first = await Promise.all(people.slice(0, 3).map((p) => commentOn(p, review.id)));
    // Every write goes through (commentOn checks the new ones): none is refused as a deadlock.
    const [deleted] = await Promise.all([
      Promise.all(people.slice(0, 3).map((p, i) => p.delete(`/api/comments/${first[i]!.id}`))),
      Promise.all(people.slice(3).map((p) => commentOn(p, review.id))),
    ]);
    expect(deleted.map((answer) => answer.status)).toEqual([204, 204, 204]);
    const [notice] = await commentNotices(client);
    expect(notice!.actorCount).toBe(3);
    expect(notice!.message).toMatch(/^Fan[345] Y and 2 others commented/);
  });

  it('name the commenter before a person whose account is deleted', async () => {
    const { review, client } = await authorWithReview('Glass Canyon');
    const ana = await signInAs(server, (await person('Ana', 'Lima')).id);
    await commentOn(ana, review.id);
    const { api: leaving } = await server.person({ firstName: 'Leo', lastName: 'Leaving' });
    await commentOn(leaving, review.id);
    expect((await commentNotices(client))[0]!.message).toMatch(/^Leo Leaving and 1 other/);
    expect((await leaving.delete('/api/users/me')).status).toBe(204);
    expect(await commentNotices(client)).toEqual([
      expect.objectContaining({
        actorCount: 1,
        message: 'Ana Lima commented on your review of Glass Canyon.',
      }),
    ]);
  });
});

describe('new followers', () => {
  it('group while unread, honour newFollowerNotif, and never for oneself', async () => {
    const { user: me, api: client } = await server.person();
    const ana = await person('Ana', 'Follower');
    await follow(ana.id, me.id);
    let [notice] = await list(client);
    expect(notice).toMatchObject({
      type: 'new_follower',
      actorCount: 1,
      message: 'Ana Follower started following you.',
      actor: { id: ana.id },
    });
    await follow((await person('Ben', 'Follower')).id, me.id);
    await follow((await person('Cleo', 'Follower')).id, me.id);
    [notice] = await list(client);
    expect(notice).toMatchObject({
      actorCount: 3,
      message: 'Cleo Follower and 2 others started following you.',
    });
    expect(await list(client)).toHaveLength(1);

    await follow(me.id, me.id);
    expect((await list(client))[0]!.actorCount).toBe(3);

    await db().insert(userSettings).values({ userId: me.id, newFollowerNotif: false });
    await client.post('/api/notifications/read-all');
    await follow((await person('Dee', 'Follower')).id, me.id);
    expect((await list(client)).filter((n) => !n.isRead)).toEqual([]);
  });
});

describe('new reviews', () => {
  it('tell followers, one row each however often the fan-out runs, unless they turned newReviewNotif off', async () => {
    const author = await person('Rita', 'Reviewer');
    const fan = await create.user();
    const quiet = await create.user();
    await db()
      .insert(userFollows)
      .values([
        { followerId: fan.id, followingId: author.id },
        { followerId: quiet.id, followingId: author.id },
      ]);
    await db().insert(userSettings).values({ userId: quiet.id, newReviewNotif: false });
    for (let i = 0; i < 2; i += 1) {
      const concert = await create.concert({ artist: 'Paper Moons' });
      const review = await create.review({ userId: author.id, concertId: concert.id });
      await tellFollowersOfReview(server.app.writer, review.id, 100);
      await tellFollowersOfReview(server.app.writer, review.id, 1);
    }
    const rows = await list(await signInAs(server, fan.id));
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatchObject({
      type: 'new_review',
      actorCount: 1,
      message: 'Rita Reviewer reviewed Paper Moons.',
    });
    expect(await list(await signInAs(server, quiet.id))).toEqual([]);
  });
});

describe('listing and marking read', () => {
  let me: User;
  let client: ApiClient;
  beforeEach(async () => {
    ({ user: me, api: client } = await server.person());
  });

  it('pages newest first with `before`', async () => {
    const made = [];
    for (let i = 0; i < 5; i += 1) {
      made.push(
        await create.notification({
          userId: me.id,
          createdAt: new Date(Date.UTC(2026, 0, 1 + i)),
        }),
      );
    }
    const first = await list(client, '?limit=2');
    expect(first.map((n) => n.id)).toEqual([made[4]!.id, made[3]!.id]);
    const second = await list(client, `?limit=2&before=${first[1]!.id}`);
    expect(second.map((n) => n.id)).toEqual([made[2]!.id, made[1]!.id]);
    const last = await list(client, `?limit=2&before=${second[1]!.id}`);
    expect(last.map((n) => n.id)).toEqual([made[0]!.id]);
    expect((await client.get('/api/notifications?limit=0')).status).toBe(400);
    const bad = await client.get<{ message: string }>('/api/notifications?before=nope');
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/before/);
  });

  it('marks one read, then all, answering the unread count', async () => {
    const one = await create.notification({ userId: me.id });
    await create.notification({ userId: me.id });
    await create.notification({ userId: me.id });
    expect((await client.post<UnreadCount>(`/api/notifications/${one.id}/read`)).body).toEqual({
      count: 2,
      followRequests: 0,
    });
    // Again is fine.
    expect((await client.post(`/api/notifications/${one.id}/read`)).status).toBe(200);
    expect((await client.post<UnreadCount>('/api/notifications/read-all')).body).toEqual({
      count: 0,
      followRequests: 0,
    });
    expect((await list(client)).every((n) => n.isRead)).toBe(true);
  });

  it('never shows or marks other people’s notices', async () => {
    const theirs = await create.notification();
    await create.notification({ userId: me.id });
    expect((await list(client)).map((n) => n.id)).not.toContain(theirs.id);
    const marked = await client.post<{ message: string }>(`/api/notifications/${theirs.id}/read`);
    expect(marked.status).toBe(404);
    expect(marked.body).toEqual({ message: 'Notification not found' });
    await client.post('/api/notifications/read-all');
    const [still] = await db()
      .select({ isRead: notifications.isRead })
      .from(notifications)
      .where(and(eq(notifications.id, theirs.id)));
    expect(still!.isRead).toBe(false);
    // Someone else's cursor does not page through their list either.
    expect(await list(client, `?before=${theirs.id}`)).toEqual([]);
  });

  it('needs a session', async () => {
    const anonymous = apiClient(server.app);
    expect((await anonymous.get('/api/notifications')).status).toBe(401);
    expect((await anonymous.post('/api/notifications/read-all')).status).toBe(401);
  });
});
