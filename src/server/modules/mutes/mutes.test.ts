import { and, count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { MutedPerson, MuteState } from '#shared/schemas/moderation';
import type { Review } from '#shared/schemas/reviews';
import type { UserProfile } from '#shared/schemas/users';
import { blocks, mutes, notifications } from '#server/db/schema.ts';
import { daysFromToday } from '#server/db/seed/factories.ts';
import { apiClient } from '#server/testing/api-client.ts';
import { jobsSettled } from '#server/testing/jobs.ts';
import { TEST_RATINGS } from '#server/testing/review-fixtures.ts';
import { expectRefusalsOf } from '#server/testing/person-actions.ts';
import { NO_SUCH_ID, useTestApp } from '#server/testing/use-test-app.ts';

const server = useTestApp();
const { db, person, create } = server;

const ids = (reviews: Review[]) => reviews.map((review) => review.id);

const muteRows = (muterId: string, mutedId: string) =>
  db().$count(mutes, and(eq(mutes.muterId, muterId), eq(mutes.mutedId, mutedId)));

describe('muting someone', () => {
  it('takes their reviews out of the Following timeline, keeps the follow, and unmuting brings them back', async () => {
    const { user: me, api } = await person();
    const { user: loud, api: loudApi } = await person();
    const quiet = await create.user();
    await create.follow({ followerId: me.id, followingId: loud.id });
    await create.follow({ followerId: me.id, followingId: quiet.id });
    const start = Date.now() - 1_000_000;
    const written: Review[] = [];
    for (const [i, author] of [loud, quiet, loud, loud, quiet, loud].entries()) {
      written.push(
        (await create.review({
          userId: author.id,
          createdAt: new Date(start + i * 1000),
        })) as unknown as Review,
      );
    }
    const newestFirst = ids(written).reverse();
    const quietOnly = written
      .filter((review) => review.userId === quiet.id)
      .map((review) => review.id)
      .reverse();
    const feed = async (query = '') =>
      ids((await api.get<Review[]>(`/api/reviews?feed=following${query}`)).body);
    expect(await feed()).toEqual(newestFirst);

    expect(await api.post<MuteState>(`/api/users/${loud.id}/mute`)).toMatchObject({
      status: 200,
      body: { isMuted: true },
    });
    expect(await api.get<MuteState>(`/api/users/${loud.id}/mute`)).toMatchObject({
      status: 200,
      body: { isMuted: true },
    });
    // A page of 1 is still a full page: muted entries are skipped before the limit.
    expect(await feed()).toEqual(quietOnly);
    expect(await feed('&limit=1')).toEqual([quietOnly[0]]);
    expect(await feed(`&limit=1&before=${quietOnly[0]}`)).toEqual([quietOnly[1]]);
    // Still following; Trending and their profile's reviews still show them.
    const profile = await api.get<UserProfile>(`/api/users/${loud.id}`);
    expect(profile.body.isFollowing).toBe(true);
    const theirs = await api.get<Review[]>(`/api/users/${loud.id}/reviews`);
    expect(theirs.body).toHaveLength(4);

    // The muted person is not told: no notice, and their view of me says nothing of it.
    const [notices] = await db()
      .select({ n: count() })
      .from(notifications)
      .where(eq(notifications.userId, loud.id));
    expect(notices!.n).toBe(0);
    const seenByThem = await loudApi.get<Record<string, unknown>>(`/api/users/${me.id}`);
    expect(JSON.stringify(seenByThem.body)).not.toMatch(/mute/i);
    expect(await loudApi.get<MuteState>(`/api/users/${me.id}/mute`)).toMatchObject({
      body: { isMuted: false },
    });

    expect(await api.delete<MuteState>(`/api/users/${loud.id}/mute`)).toMatchObject({
      status: 200,
      body: { isMuted: false },
    });
    expect(await feed()).toEqual(newestFirst);
  });

  it('mutes once however often asked, in parallel too, and unmutes when not muted', async () => {
    const { user: me, api } = await person();
    const them = await create.user();
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => api.post<MuteState>(`/api/users/${them.id}/mute`)),
    );
    expect(answers.map((answer) => answer.status)).toEqual(Array(8).fill(200));
    expect(await muteRows(me.id, them.id)).toBe(1);

    const mixed = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        i % 2 === 0
          ? api.delete<MuteState>(`/api/users/${them.id}/mute`)
          : api.post<MuteState>(`/api/users/${them.id}/mute`),
      ),
    );
    expect(mixed.map((answer) => answer.status)).toEqual(Array(6).fill(200));
    expect(await muteRows(me.id, them.id)).toBeLessThanOrEqual(1);

    for (const time of ['first', 'second']) {
      expect(await api.delete(`/api/users/${them.id}/mute`), `${time} time`).toMatchObject({
        status: 200,
        body: { isMuted: false },
      });
    }
    expect(await muteRows(me.id, them.id)).toBe(0);
  });

  it('refuses yourself (400), nobody (404), a bad id (400) and the signed out (401)', async () => {
    const { me, api } = await expectRefusalsOf(server, 'mute', 'You cannot mute yourself', (bad) =>
      expect(bad.body.message).toBe("Invalid path field 'id': id must be an id"),
    );
    expect(await api.get(`/api/users/${NO_SUCH_ID}/mute`)).toMatchObject({ status: 404 });
    expect(await muteRows(me.id, me.id)).toBe(0);
  });
});

describe('muting someone who blocked me', () => {
  it('answers exactly as for an unknown person, and mutes nobody; others are muted as usual', async () => {
    const { user: me, api } = await person();
    const blocker = await create.user();
    const privatePerson = await create.user({ isPrivate: true });
    const someone = await create.user();
    const blockedByMe = await create.user();
    await db()
      .insert(blocks)
      .values([
        { blockerId: blocker.id, blockedId: me.id },
        { blockerId: me.id, blockedId: blockedByMe.id },
      ]);
    const cases: [string, string, 'unknown' | 'muted'][] = [
      ['blocked me', blocker.id, 'unknown'],
      ['private, not followed', privatePerson.id, 'muted'],
      ['visible', someone.id, 'muted'],
      ['blocked by me', blockedByMe.id, 'muted'],
    ];
    const answers = async (id: string) => ({
      get: await api.get(`/api/users/${id}/mute`),
      post: await api.post(`/api/users/${id}/mute`),
      delete: await api.delete(`/api/users/${id}/mute`),
    });
    const unknown = await answers(NO_SUCH_ID);
    expect(unknown.post).toMatchObject({ status: 404, body: { message: 'User not found' } });
    for (const [name, id, expected] of cases) {
      const answer = await answers(id);
      for (const method of ['get', 'post', 'delete'] as const) {
        const seen = { status: answer[method].status, text: answer[method].text };
        if (expected === 'unknown') {
          expect(seen, `${name}: ${method}`).toEqual({
            status: unknown[method].status,
            text: unknown[method].text,
          });
        } else {
          expect(seen.status, `${name}: ${method}`).toBe(200);
        }
      }
      if (expected === 'muted') {
        expect(await api.post<MuteState>(`/api/users/${id}/mute`), name).toMatchObject({
          status: 200,
          body: { isMuted: true },
        });
      }
      expect(await muteRows(me.id, id), name).toBe(expected === 'muted' ? 1 : 0);
    }
  });
});

describe('a muted person’s new review', () => {
  it('reaches the muter’s timeline hidden, and tells them nothing, while other followers hear of it', async () => {
    const { user: author, api: authorApi } = await person();
    const { user: muter, api } = await person();
    const fan = await create.user();
    await create.follow({ followerId: muter.id, followingId: author.id });
    await create.follow({ followerId: fan.id, followingId: author.id });
    await api.post(`/api/users/${author.id}/mute`);
    const concert = await create.concert({ date: daysFromToday(-3) });

    const posted = await authorApi.post<Review>('/api/reviews', {
      ...TEST_RATINGS,
      reviewText: 'Every song louder than the last one.',
      concertId: concert.id,
    });
    expect(posted.status).toBe(201);
    await jobsSettled(db());
    const noticesOf = async (userId: string) =>
      (
        await db()
          .select({ n: count() })
          .from(notifications)
          .where(
            and(
              eq(notifications.userId, userId),
              eq(notifications.relatedReviewId, posted.body.id),
            ),
          )
      )[0]!.n;
    expect(await noticesOf(fan.id)).toBe(1);
    expect(await noticesOf(muter.id)).toBe(0);
    expect(ids((await api.get<Review[]>('/api/reviews?feed=following')).body)).toEqual([]);
    // Unmuted, the review is there: it was in the timeline all along.
    await api.delete(`/api/users/${author.id}/mute`);
    expect(ids((await api.get<Review[]>('/api/reviews?feed=following')).body)).toEqual([
      posted.body.id,
    ]);
  });
});

describe('GET /api/users/me/mutes', () => {
  it('lists the people I muted, newest first, a page at a time, and only mine', async () => {
    const { user: me, api } = await person();
    const { api: other } = await person();
    const people = await Promise.all([create.user(), create.user(), create.user()]);
    for (const [i, someone] of people.entries()) {
      await db()
        .insert(mutes)
        .values({
          muterId: me.id,
          mutedId: someone.id,
          createdAt: new Date(Date.now() - (3 - i) * 1000),
        });
    }
    await other.post(`/api/users/${people[0]!.id}/mute`);
    // Someone muted who blocked me since is not listed: to me they do not exist.
    const blocker = await create.user();
    await db().insert(mutes).values({ muterId: me.id, mutedId: blocker.id });
    await db().insert(blocks).values({ blockerId: blocker.id, blockedId: me.id });
    const newestFirst = people.map((p) => p.id).reverse();

    const all = await api.get<MutedPerson[]>('/api/users/me/mutes');
    expect(all.status).toBe(200);
    expect(all.body.map((p) => p.id)).toEqual(newestFirst);
    expect(all.body[0]).toMatchObject({ username: people[2]!.username });
    expect(Date.parse(all.body[0]!.mutedAt)).not.toBeNaN();

    const first = await api.get<MutedPerson[]>('/api/users/me/mutes?limit=2');
    expect(first.body.map((p) => p.id)).toEqual(newestFirst.slice(0, 2));
    const next = await api.get<MutedPerson[]>(
      `/api/users/me/mutes?limit=2&before=${newestFirst[1]}`,
    );
    expect(next.body.map((p) => p.id)).toEqual(newestFirst.slice(2));

    expect(await api.get(`/api/users/me/mutes?before=${NO_SUCH_ID}`)).toMatchObject({
      status: 400,
      body: { message: 'before: that person is not in this list (any more)' },
    });
    expect(await api.get('/api/users/me/mutes?limit=0')).toMatchObject({ status: 400 });
    expect(await apiClient(server.app).get('/api/users/me/mutes')).toMatchObject({ status: 401 });
  });
});
