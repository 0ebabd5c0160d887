import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { noticeMessage, noticeTitle } from '#shared/notice-text';
import type { Notification } from '#shared/schemas/notifications';
import { blocks, notifications } from '#server/db/schema.ts';
import { daysFromToday } from '#server/db/seed/factories.ts';
import { useTestApp } from '#server/testing/use-test-app.ts';

const server = useTestApp();
const { db, person, create } = server;

type Someone = Awaited<ReturnType<typeof person>>;

const going = (who: Someone, concertId: string) =>
  who.api.put(`/api/concerts/${concertId}/attendance`, { status: 'going' });

const noticesOf = async (who: Someone) =>
  (await who.api.get<Notification[]>('/api/notifications')).body.filter(
    (notice) => notice.type === 'friend_going',
  );

/** B, going to a concert at Glass Hall; A and C, whom B follows. */
async function world() {
  const b = await person({ firstName: 'Bea' });
  const a = await person({ firstName: 'Ana', lastName: 'Lima' });
  const c = await person({ firstName: 'Cal', lastName: 'Reyes' });
  const concert = await create.concert({
    artist: 'The Velvet Lanterns',
    venue: 'Glass Hall',
    date: daysFromToday(12),
  });
  await create.follow({ followerId: b.user.id, followingId: a.user.id });
  await create.follow({ followerId: b.user.id, followingId: c.user.id });
  expect((await going(b, concert.id)).status).toBe(201);
  return { a, b, c, concert };
}

describe('"{name} is going to {artist} at {venue} too"', () => {
  it('tells B when someone B follows marks "Going" on a show B is going to', async () => {
    const { a, b, concert } = await world();
    expect((await going(a, concert.id)).status).toBe(201);
    const [notice, ...rest] = await noticesOf(b);
    expect(rest).toEqual([]);
    expect(notice).toMatchObject({
      type: 'friend_going',
      title: 'Friends going',
      message: 'Ana Lima is going to The Velvet Lanterns at Glass Hall too.',
      link: `/concerts/${concert.id}`,
      actorCount: 1,
      actor: { id: a.user.id },
      relatedConcertId: concert.id,
      isRead: false,
    });
    expect(notice?.message).toBe(
      noticeMessage({
        type: 'friend_going',
        actor: { firstName: 'Ana', lastName: 'Lima', username: a.user.username },
        actorCount: 1,
        artist: 'The Velvet Lanterns',
        venue: 'Glass Hall',
      }),
    );
    // A hears nothing: A does not follow B, and nobody is told of their own mark.
    expect(await noticesOf(a)).toEqual([]);
  });

  it('groups the concert’s day into one notice, once per person', async () => {
    const { a, b, c, concert } = await world();
    await going(a, concert.id);
    await going(c, concert.id);
    // Marking again, or unmarking and marking again, adds nobody.
    await going(c, concert.id);
    await c.api.delete(`/api/concerts/${concert.id}/attendance`);
    await going(c, concert.id);
    const notices = await noticesOf(b);
    expect(notices).toHaveLength(1);
    expect(notices[0]).toMatchObject({
      actorCount: 2,
      actor: { id: c.user.id },
      message: 'Cal Reyes and 1 other are going to The Velvet Lanterns at Glass Hall too.',
    });
    const rows = await db()
      .select({ groupKey: notifications.groupKey })
      .from(notifications)
      .where(and(eq(notifications.userId, b.user.id), eq(notifications.type, 'friend_going')));
    expect(rows).toEqual([
      { groupKey: `going:${concert.id}:${new Date().toISOString().slice(0, 10)}` },
    ]);
    expect(noticeTitle({ type: 'friend_going', actorCount: 2 })).toBe('Friends going');
  });

  it('a second concert is a notice of its own', async () => {
    const { a, b, concert } = await world();
    const other = await create.concert({ date: daysFromToday(30) });
    await going(b, other.id);
    await going(a, concert.id);
    await going(a, other.id);
    expect((await noticesOf(b)).map((n) => n.relatedConcertId).sort()).toEqual(
      [concert.id, other.id].sort(),
    );
  });

  it('says nothing to B who is not going, or does not follow the marker', async () => {
    const { a, b, concert } = await world();
    const stranger = await person();
    await going(stranger, concert.id);
    expect(await noticesOf(b)).toEqual([]);
    const elsewhere = await create.concert({ date: daysFromToday(8) });
    await going(a, elsewhere.id);
    expect(await noticesOf(b)).toEqual([]);
  });

  it('says nothing when "Friends going" is off', async () => {
    const { a, b, concert } = await world();
    const saved = await b.api.put('/api/users/me/settings', { friendsGoingNotif: false });
    expect(saved).toMatchObject({ status: 200, body: { friendsGoingNotif: false } });
    await going(a, concert.id);
    expect(await noticesOf(b)).toEqual([]);
    await b.api.put('/api/users/me/settings', { friendsGoingNotif: true });
    await going(await followedBy(b), concert.id);
    expect(await noticesOf(b)).toHaveLength(1);
  });

  it('says nothing across a block, either way, or from someone B muted', async () => {
    const { a, b, c, concert } = await world();
    // A block row beside the follow (a block ends follows; this is the race it guards).
    await db().insert(blocks).values({ blockerId: a.user.id, blockedId: b.user.id });
    await going(a, concert.id);
    expect((await b.api.post(`/api/users/${c.user.id}/mute`)).status).toBe(200);
    await going(c, concert.id);
    expect(await noticesOf(b)).toEqual([]);
  });

  it('the settings answer "Friends going", on until turned off', async () => {
    const b = await person();
    expect(await b.api.get('/api/users/me/settings')).toMatchObject({
      status: 200,
      body: { friendsGoingNotif: true },
    });
  });
});

/** Someone new whom `who` follows. */
async function followedBy(who: Someone): Promise<Someone> {
  const friend = await person();
  await create.follow({ followerId: who.user.id, followingId: friend.user.id });
  return friend;
}
