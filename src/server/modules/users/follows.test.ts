import { and, count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { FollowState, UserSummary } from '#shared/schemas/users';
import { notifications, userFollows } from '#server/db/schema.ts';
import type { ApiClient } from '#server/testing/api-client.ts';
import { expectRefusalsOf, followCounters } from '#server/testing/person-actions.ts';
import { NO_SUCH_ID, useTestApp } from '#server/testing/use-test-app.ts';

const server = useTestApp();
const { db, person } = server;

const followRows = (followerId: string, followingId: string) =>
  db().$count(
    userFollows,
    and(eq(userFollows.followerId, followerId), eq(userFollows.followingId, followingId)),
  );

const counters = (userId: string) => followCounters(db(), userId);

describe('POST and DELETE /api/users/{id}/follow', () => {
  it('follows once however often asked, and unfollows even when not following', async () => {
    const { user: me, api } = await person();
    const { user: them } = await person();
    const follow = () => api.post<FollowState>(`/api/users/${them.id}/follow`);
    const unfollow = () => api.delete<FollowState>(`/api/users/${them.id}/follow`);
    /** Sends twice; both times the answer is `body`. */
    const answersTwice = async (send: typeof follow, body: FollowState) => {
      for (const time of ['first', 'second']) {
        expect(await send(), `${time} time`).toMatchObject({ status: 200, body });
      }
    };

    await answersTwice(follow, { isFollowing: true, requested: false, followers: 1 });
    expect(await followRows(me.id, them.id)).toBe(1);
    expect(await counters(me.id)).toEqual({ followers: 0, following: 1 });

    await answersTwice(unfollow, { isFollowing: false, requested: false, followers: 0 });
    expect(await followRows(me.id, them.id)).toBe(0);
    expect(await counters(me.id)).toEqual({ followers: 0, following: 0 });
  });

  it('refuses to follow yourself (400), nobody (404), a bad id (400) and the signed out (401)', async () => {
    const { me } = await expectRefusalsOf(server, 'follow', 'You cannot follow yourself');
    expect(await counters(me.id)).toEqual({ followers: 0, following: 0 });
  });

  it('counts 20 people following one person at once as 20', async () => {
    const { user: star } = await person();
    const fans = await Promise.all(Array.from({ length: 20 }, () => person()));
    const answers = await Promise.all(
      fans.map((fan) => fan.api.post<FollowState>(`/api/users/${star.id}/follow`)),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(20).fill(200));
    expect(answers.map((a) => a.body.followers).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 20 }, (_, i) => i + 1),
    );
    expect((await counters(star.id))!.followers).toBe(20);
  });

  it('counts one person following twice at once as one follow, with one notice', async () => {
    const { user: me, api } = await person();
    const { user: them } = await person();
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => api.post<FollowState>(`/api/users/${them.id}/follow`)),
    );
    expect(answers.map((a) => a.body)).toEqual(
      Array(5).fill({ isFollowing: true, requested: false, followers: 1 }),
    );
    expect(await followRows(me.id, them.id)).toBe(1);
    expect(await counters(them.id)).toEqual({ followers: 1, following: 0 });
    expect(await counters(me.id)).toEqual({ followers: 0, following: 1 });
    const notices = await db()
      .select({ n: count() })
      .from(notifications)
      .where(eq(notifications.userId, them.id));
    expect(notices[0]!.n).toBe(1);
  });

  it('tells the followed person, in the same transaction as the follow', async () => {
    const { user: me, api } = await person({ firstName: 'Ivo', lastName: 'Rang' });
    const { user: them, api: theirApi } = await person();
    await api.post(`/api/users/${them.id}/follow`);
    const notices = await db()
      .select()
      .from(notifications)
      .where(eq(notifications.userId, them.id));
    expect(notices).toHaveLength(1);
    expect(notices[0]).toMatchObject({ relatedUserId: me.id });
    const shown = await theirApi.get<{ message: string }[]>('/api/notifications');
    expect(shown.body.map((n) => n.message)).toEqual(['Ivo Rang started following you.']);
  });

  it('A following B while B follows A, many times over, neither deadlocks nor drifts', async () => {
    const a = await person();
    const b = await person();
    const rounds = Array.from({ length: 10 }, (_, i) =>
      i % 2 === 0
        ? [
            a.api.post(`/api/users/${b.user.id}/follow`),
            b.api.post(`/api/users/${a.user.id}/follow`),
          ]
        : [
            a.api.delete(`/api/users/${b.user.id}/follow`),
            b.api.delete(`/api/users/${a.user.id}/follow`),
          ],
    );
    for (const round of rounds) {
      expect((await Promise.all(round)).map((r) => r.status)).toEqual([200, 200]);
    }
    await Promise.all([
      a.api.post(`/api/users/${b.user.id}/follow`),
      b.api.post(`/api/users/${a.user.id}/follow`),
    ]);
    expect(await counters(a.user.id)).toEqual({ followers: 1, following: 1 });
    expect(await counters(b.user.id)).toEqual({ followers: 1, following: 1 });
  });
});

describe('GET /api/users/{id}/followers and /following', () => {
  const ids = (people: UserSummary[]) => people.map((p) => p.id);

  async function listOf(api: ApiClient, path: string) {
    const { status, body } = await api.get<UserSummary[]>(path);
    expect(status).toBe(200);
    return body;
  }

  it('lists followers and followed people, newest follow first, a page at a time', async () => {
    const { user: star, api: starApi } = await person();
    const fans: Awaited<ReturnType<typeof person>>[] = [];
    for (let i = 0; i < 5; i += 1) {
      const fan = await person({ firstName: `Fan${i}` });
      await fan.api.post(`/api/users/${star.id}/follow`);
      fans.push(fan);
    }
    const newestFirst = fans.map((fan) => fan.user.id).reverse();
    const { api: viewer, user: viewerUser } = await person();
    await viewer.post(`/api/users/${fans[3]!.user.id}/follow`);

    const all = await listOf(viewer, `/api/users/${star.id}/followers`);
    expect(ids(all)).toEqual(newestFirst);
    expect(all.find((p) => p.id === fans[3]!.user.id)).toMatchObject({
      firstName: 'Fan3',
      isFollowing: true,
    });
    expect(all.filter((p) => p.isFollowing)).toHaveLength(1);

    const first = await listOf(viewer, `/api/users/${star.id}/followers?limit=2`);
    expect(ids(first)).toEqual(newestFirst.slice(0, 2));
    const second = await listOf(
      viewer,
      `/api/users/${star.id}/followers?limit=2&before=${first[1]!.id}`,
    );
    expect(ids(second)).toEqual(newestFirst.slice(2, 4));
    const last = await listOf(
      viewer,
      `/api/users/${star.id}/followers?limit=2&before=${second[1]!.id}`,
    );
    expect(ids(last)).toEqual(newestFirst.slice(4));
    expect(
      await listOf(viewer, `/api/users/${star.id}/followers?limit=2&before=${last[0]!.id}`),
    ).toEqual([]);

    // The star follows three of them back, newest last.
    for (const fan of [fans[0]!, fans[2]!, fans[4]!]) {
      await starApi.post(`/api/users/${fan.user.id}/follow`);
    }
    const following = await listOf(viewer, `/api/users/${star.id}/following`);
    expect(ids(following)).toEqual([fans[4]!.user.id, fans[2]!.user.id, fans[0]!.user.id]);
    const page2 = await listOf(
      viewer,
      `/api/users/${star.id}/following?limit=1&before=${fans[4]!.user.id}`,
    );
    expect(ids(page2)).toEqual([fans[2]!.user.id]);
    // The viewer's own list shows whom they follow.
    expect(await listOf(viewer, `/api/users/${viewerUser.id}/following`)).toEqual([
      expect.objectContaining({ id: fans[3]!.user.id, isFollowing: true }),
    ]);
  });

  it('answers [] for nobody yet, 404 for nobody at all and 400 for a cursor not in the list', async () => {
    const { user, api } = await person();
    expect(await listOf(api, `/api/users/${user.id}/followers`)).toEqual([]);
    expect(await listOf(api, `/api/users/${user.id}/following`)).toEqual([]);
    for (const list of ['followers', 'following']) {
      expect(await api.get(`/api/users/${NO_SUCH_ID}/${list}`)).toMatchObject({
        status: 404,
        body: { message: 'User not found' },
      });
      const cursor = await api.get<{ message: string }>(
        `/api/users/${user.id}/${list}?before=${NO_SUCH_ID}`,
      );
      expect(cursor.status).toBe(400);
      expect(cursor.body.message).toContain('before');
      const limit = await api.get<{ message: string }>(`/api/users/${user.id}/${list}?limit=0`);
      expect(limit.status).toBe(400);
      expect(limit.body.message).toContain('limit');
    }
  });
});
