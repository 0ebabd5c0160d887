import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  CONCERT_FRIENDS_MAX,
  type AttendanceLookup,
  type ConcertFriends,
} from '#shared/schemas/attendance';
import { sqlClientOf } from '#server/db/index.ts';
import { attendance, blocks, userFollows, users } from '#server/db/schema.ts';
import { buildUser, daysFromToday } from '#server/db/seed/factories.ts';
import { apiClient } from '#server/testing/api-client.ts';
import { useTestApp } from '#server/testing/use-test-app.ts';
import { concertFriendsSelect } from './friends.ts';

const server = useTestApp();
const { db, person, create } = server;

type Api = Awaited<ReturnType<typeof person>>['api'];

const friendsOf = async (api: Api, concertId: string) => {
  const answer = await api.get<ConcertFriends>(`/api/concerts/${concertId}/friends`);
  expect(answer.status).toBe(200);
  return answer.body;
};
const mark = (api: Api, concertId: string, status: 'going' | 'attended') =>
  api.put(`/api/concerts/${concertId}/attendance`, { status });

describe('GET /api/concerts/{id}/friends', () => {
  it('answers 401 signed out', async () => {
    const concert = await create.concert({ date: daysFromToday(10) });
    const answer = await apiClient(server.app).get(`/api/concerts/${concert.id}/friends`);
    expect(answer).toMatchObject({ status: 401, body: { message: expect.any(String) } });
  });

  it('names the people one follows who are going, latest first, and no one else', async () => {
    const viewer = await person();
    const ana = await person({ firstName: 'Ana', lastName: 'Lima', username: 'ana_going' });
    const ben = await person({ firstName: 'Ben' });
    const stranger = await person();
    const concert = await create.concert({ date: daysFromToday(10) });
    await create.follow({ followerId: viewer.user.id, followingId: ana.user.id });
    await create.follow({ followerId: viewer.user.id, followingId: ben.user.id });
    expect(await friendsOf(viewer.api, concert.id)).toEqual({ people: [], total: 0 });

    await mark(ben.api, concert.id, 'going');
    await mark(ana.api, concert.id, 'going');
    await mark(stranger.api, concert.id, 'going');
    await mark(viewer.api, concert.id, 'going');
    const friends = await friendsOf(viewer.api, concert.id);
    expect(friends.total).toBe(2);
    expect(friends.people.map((p) => p.id)).toEqual([ana.user.id, ben.user.id]);
    expect(friends.people[0]).toEqual({
      id: ana.user.id,
      username: 'ana_going',
      firstName: 'Ana',
      lastName: 'Lima',
      profileImageUrl: ana.user.profileImageUrl === null ? null : expect.any(String),
      status: 'going',
    });
    // Following is one way: Ana does not follow the viewer, so she sees nobody.
    expect(await friendsOf(ana.api, concert.id)).toEqual({ people: [], total: 0 });
  });

  it('shows "I was there" on a past concert, not who was only going', async () => {
    const viewer = await person();
    const went = await person();
    const planned = await person();
    const concert = await create.concert({ date: daysFromToday(-5) });
    for (const friend of [went, planned]) {
      await create.follow({ followerId: viewer.user.id, followingId: friend.user.id });
    }
    await mark(went.api, concert.id, 'attended');
    // A "going" left from before the show (written as the mark was then allowed).
    await db().insert(attendance).values({
      userId: planned.user.id,
      concertId: concert.id,
      status: 'going',
      concertDate: concert.date,
    });
    const friends = await friendsOf(viewer.api, concert.id);
    expect(friends).toMatchObject({ total: 1, people: [{ id: went.user.id, status: 'attended' }] });
  });

  it('answers none for a concert nobody holds', async () => {
    const viewer = await person();
    expect(await friendsOf(viewer.api, 'no-such-concert')).toEqual({ people: [], total: 0 });
  });

  it('holds privacy and blocks: private people one follows yes, blocks either way no', async () => {
    const viewer = await person();
    const privateFriend = await person({ isPrivate: true });
    const blockedByViewer = await person();
    const blockerOfViewer = await person();
    const requested = await person({ isPrivate: true });
    const concert = await create.concert({ date: daysFromToday(3) });
    for (const friend of [privateFriend, blockedByViewer, blockerOfViewer]) {
      await create.follow({ followerId: viewer.user.id, followingId: friend.user.id });
    }
    // A request waiting for the private person's answer is not a follow.
    expect((await viewer.api.post(`/api/users/${requested.user.id}/follow`)).status).toBeLessThan(
      300,
    );
    for (const friend of [privateFriend, blockedByViewer, blockerOfViewer, requested]) {
      expect((await mark(friend.api, concert.id, 'going')).status).toBe(201);
    }
    expect((await friendsOf(viewer.api, concert.id)).total).toBe(3);

    // A block ends the follow; a block row beside a follow (as if written meanwhile) hides too.
    await db()
      .insert(blocks)
      .values([
        { blockerId: viewer.user.id, blockedId: blockedByViewer.user.id },
        { blockerId: blockerOfViewer.user.id, blockedId: viewer.user.id },
      ]);
    const friends = await friendsOf(viewer.api, concert.id);
    expect(friends).toEqual({
      total: 1,
      people: [expect.objectContaining({ id: privateFriend.user.id, status: 'going' })],
    });
  });

  it('for a viewer following 500: the latest 12 and the total, by index', async () => {
    const viewer = await person();
    const concert = await create.concert({ date: daysFromToday(20) });
    const other = await create.concert({ date: daysFromToday(21) });
    const followed = await db()
      .insert(users)
      .values(Array.from({ length: 500 }, () => buildUser()))
      .returning({ id: users.id });
    const strangers = await db()
      .insert(users)
      .values(Array.from({ length: 300 }, () => buildUser()))
      .returning({ id: users.id });
    await db()
      .insert(userFollows)
      .values(followed.map(({ id }) => ({ followerId: viewer.user.id, followingId: id })));
    // Other people's follows, so the viewer's are a small part of the table, as they would be.
    await db()
      .insert(userFollows)
      .values(
        strangers.flatMap(({ id }, n) =>
          followed
            .slice(n % 490, (n % 490) + 10)
            .map((other) => ({ followerId: id, followingId: other.id })),
        ),
      );
    const going = followed.slice(0, 40);
    const marks = (ids: { id: string }[], concertId: string, date: string) =>
      ids.map(({ id }, n) => ({
        userId: id,
        concertId,
        status: 'going' as const,
        concertDate: date,
        updatedAt: new Date(Date.UTC(2026, 0, 1, 0, n)),
      }));
    await db()
      .insert(attendance)
      .values([
        ...marks(going, concert.id, concert.date),
        ...marks(strangers, concert.id, concert.date),
        ...marks(followed, other.id, other.date),
      ]);

    const friends = await friendsOf(viewer.api, concert.id);
    expect(friends.total).toBe(40);
    expect(friends.people).toHaveLength(CONCERT_FRIENDS_MAX);
    expect(friends.people.map((p) => p.id)).toEqual(
      going
        .slice(-CONCERT_FRIENDS_MAX)
        .reverse()
        .map(({ id }) => id),
    );

    await db().execute(sql`ANALYZE`);
    const query = concertFriendsSelect(db(), viewer.user.id, concert.id).toSQL();
    const explain = (seqScans: boolean) =>
      db().transaction(async (tx) => {
        const client = sqlClientOf(tx);
        if (!seqScans) await client.query('SET LOCAL enable_seqscan = off');
        const { rows } = await client.query(`EXPLAIN ${query.sql}`, query.params);
        return rows.map((row) => Object.values(row as Record<string, string>)[0]).join('\n');
      });
    // The concert's marks and the people are always reached by index. In a table this small
    // the viewer's 500 follows may be cheaper to scan than to look up; that lookup has an
    // index all the same, which the planner takes when scans are off.
    expect(await explain(true)).not.toMatch(/Seq Scan on (attendance|users)\b/);
    expect(await explain(false)).not.toMatch(/Seq Scan on (attendance|user_follows|users)\b/);
  });
});

describe('GET /api/users/me/attendance', () => {
  it('answers one’s own marks among the concerts asked about', async () => {
    const viewer = await person();
    const friend = await person();
    const [soon, later, past] = await Promise.all([
      create.concert({ date: daysFromToday(4) }),
      create.concert({ date: daysFromToday(40) }),
      create.concert({ date: daysFromToday(-4) }),
    ]);
    await mark(viewer.api, soon.id, 'going');
    await mark(viewer.api, past.id, 'attended');
    await mark(friend.api, later.id, 'going');
    // Their review of it keeps "I was there": the card is told.
    const review = await create.review({ userId: viewer.user.id, concertId: past.id });
    const answer = await viewer.api.get<AttendanceLookup>(
      `/api/users/me/attendance?concertIds=${[soon.id, later.id, past.id, 'tm_unknown'].join(',')}`,
    );
    expect(answer.status).toBe(200);
    expect([...answer.body.marks].sort((a, b) => a.concertId.localeCompare(b.concertId))).toEqual(
      [
        { concertId: soon.id, status: 'going', reviewId: null },
        { concertId: past.id, status: 'attended', reviewId: review.id },
      ].sort((a, b) => a.concertId.localeCompare(b.concertId)),
    );
  });

  it('refuses none, or more than 100, with 400; 401 signed out', async () => {
    const viewer = await person();
    for (const query of [
      '',
      '?concertIds=',
      `?concertIds=${Array.from({ length: 101 }, (_, n) => `c${n}`).join(',')}`,
    ]) {
      const bad = await viewer.api.get<{ message: string }>(`/api/users/me/attendance${query}`);
      expect(bad.status).toBe(400);
      expect(bad.body.message).toContain('concertIds');
    }
    expect((await apiClient(server.app).get('/api/users/me/attendance?concertIds=a')).status).toBe(
      401,
    );
  });
});
