import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { ConcertListItem } from '#shared/schemas/concerts';
import type { UserProfile, UserSummary } from '#shared/schemas/users';
import { userSettings, users } from '#server/db/schema.ts';
import { daysFromToday, type Concert, type NewUser, type User } from '#server/db/seed/factories.ts';
import { apiClient, type ApiClient } from '#server/testing/api-client.ts';
import { reviewsOfPastAndToday } from '#server/testing/review-fixtures.ts';
import { NO_SUCH_ID, useTestApp } from '#server/testing/use-test-app.ts';

const server = useTestApp();
const { db, person, create } = server;

describe('GET /api/users/{id} and /api/users/username/{username}', () => {
  it('answers the same profile by id and by username in any case, without the e-mail', async () => {
    const { api } = await person();
    const { user } = await person({
      username: 'mira_k',
      firstName: 'Mira',
      lastName: 'Kos',
      email: 'mira@example.com',
      bio: 'Front row.',
      location: 'Austin, TX',
    });
    const byId = await api.get<UserProfile>(`/api/users/${user.id}`);
    expect(byId.status).toBe(200);
    expect(byId.body).toMatchObject({
      id: user.id,
      username: 'mira_k',
      firstName: 'Mira',
      lastName: 'Kos',
      bio: 'Front row.',
      location: 'Austin, TX',
      isVerified: false,
      isPrivate: false,
      favoriteGenres: [],
      showsConcertHistory: true,
      createdAt: user.createdAt.toISOString(),
      isFollowing: false,
      isBlocked: false,
      stats: {
        concertsAttended: 0,
        reviewsWritten: 0,
        followers: 0,
        following: 0,
        averageRating: null,
        likesReceived: 0,
        commentsReceived: 0,
      },
    });
    expect(byId.text).not.toContain('mira@example.com');
    expect(byId.body).not.toHaveProperty('email');
    for (const name of ['mira_k', 'MIRA_K', 'Mira_K']) {
      const byName = await api.get<UserProfile>(`/api/users/username/${name}`);
      expect(byName.status).toBe(200);
      expect(byName.body).toEqual(byId.body);
    }
  });

  it('answers 404 for nobody, 400 for a bad id and 401 when signed out', async () => {
    const { api } = await person();
    expect(await api.get(`/api/users/${NO_SUCH_ID}`)).toMatchObject({
      status: 404,
      body: { message: 'User not found' },
    });
    expect(await api.get('/api/users/username/nobody-here')).toMatchObject({
      status: 404,
      body: { message: 'User not found' },
    });
    const bad = await api.get<{ message: string }>('/api/users/not-an-id');
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain('id');
    const { user } = await person();
    expect((await apiClient(server.app).get(`/api/users/${user.id}`)).status).toBe(401);
  });

  it('derives up to 5 favorite genres from the reviewed concerts, most recent first', async () => {
    const { api } = await person();
    const { user } = await person();
    const genres = ['jazz', 'rock', 'pop', 'jazz', 'indie', 'country', 'classical', 'pop'];
    const start = Date.now() - 100_000;
    for (const [i, genre] of genres.entries()) {
      const concert = await create.concert({ date: daysFromToday(-10 - i), genre });
      await create.review({
        userId: user.id,
        concertId: concert.id,
        createdAt: new Date(start + i * 1000),
      });
    }
    const { body } = await api.get<UserProfile>(`/api/users/${user.id}`);
    expect(body.favoriteGenres).toEqual(['pop', 'classical', 'country', 'indie', 'jazz']);
  });

  it('keeps the numbers exact through follows, unfollows, reviews and a follower leaving', async () => {
    const { user, api } = await person();
    const fans = await Promise.all([person(), person(), person()]);
    for (const fan of fans) {
      expect((await fan.api.post(`/api/users/${user.id}/follow`)).status).toBe(200);
    }
    const idol = await create.user();
    await api.post(`/api/users/${idol.id}/follow`);
    await fans[0]!.api.delete(`/api/users/${user.id}/follow`);
    const review = await reviewsOfPastAndToday(create, user.id, { past: 5, today: 4 });
    await create.like({ reviewId: review.id, userId: fans[1]!.user.id });
    await create.comment({ reviewId: review.id, userId: fans[2]!.user.id });

    // An account deleted outright takes its follow with it, and the count follows.
    await db().delete(users).where(eq(users.id, fans[2]!.user.id));

    const expected = {
      // Both reviewed shows, today's included: a review marks its show "I was there".
      concertsAttended: 2,
      reviewsWritten: 2,
      followers: 1,
      following: 1,
      averageRating: 4.5,
      likesReceived: 1,
      commentsReceived: 0,
    };
    const viewer = fans[1]!.api;
    const profile = await viewer.get<UserProfile>(`/api/users/${user.id}`);
    expect(profile.body.stats).toEqual(expected);
    expect(profile.body.isFollowing).toBe(true);
    expect((await viewer.get(`/api/users/${user.id}/stats`)).body).toEqual(expected);
    expect((await api.get<UserProfile>(`/api/users/${idol.id}`)).body.stats.followers).toBe(1);
  });

  it('counts follows made straight in the database too (the trigger keeps the counters)', async () => {
    const { user, api } = await person();
    const other = await create.user();
    await create.follow({ followerId: other.id, followingId: user.id });
    await create.follow({ followerId: user.id, followingId: other.id });
    const { body } = await api.get<UserProfile>(`/api/users/${other.id}`);
    expect(body.stats).toMatchObject({ followers: 1, following: 1 });
    expect(body.isFollowing).toBe(true);
  });
});

describe('GET /api/users/search', () => {
  const search = (api: ApiClient, q: string, extra = '') =>
    api.get<UserSummary[]>(`/api/users/search?q=${encodeURIComponent(q)}${extra}`);
  /** The ids of the people a search finds, in its order. */
  const foundIds = async (api: ApiClient, q: string, extra = '') =>
    (await search(api, q, extra)).body.map((u) => u.id);
  /** Makes the people one after another, in the order given. */
  async function createUsers<const Rows extends readonly Partial<NewUser>[]>(rows: Rows) {
    const made: User[] = [];
    for (const row of rows) made.push(await create.user(row));
    return made as { -readonly [I in keyof Rows]: User };
  }

  it('finds people by part of their username or name, in any case, best matches first', async () => {
    const { user: me, api } = await person({ username: 'zorbaseeker', firstName: 'Zorba' });
    const [exact, prefix, byFirstName, inside] = await createUsers([
      { username: 'zorba', firstName: 'Ann', lastName: 'Lee' },
      { username: 'zorbathegreek', firstName: 'Nick', lastName: 'Kaz' },
      { username: 'nikos11', firstName: 'Zorba', lastName: 'Quixandris' },
      { username: 'the-zorba-fan', firstName: 'Bea', lastName: 'Moss' },
      { username: 'unrelated', firstName: 'Nobody', lastName: 'Else' },
    ]);
    await api.post(`/api/users/${prefix.id}/follow`);

    const { status, body } = await search(api, '  ZORBA ');
    expect(status).toBe(200);
    const ids = body.map((u) => u.id);
    expect(ids).not.toContain(me.id);
    expect(ids.slice(0, 2)).toEqual([exact.id, prefix.id]);
    expect(new Set(ids.slice(2))).toEqual(new Set([byFirstName.id, inside.id]));
    expect(body[1]).toEqual({
      id: prefix.id,
      username: 'zorbathegreek',
      firstName: 'Nick',
      lastName: 'Kaz',
      profileImageUrl: prefix.profileImageUrl,
      bio: prefix.bio,
      isFollowing: true,
    });
    expect(body.filter((u) => u.isFollowing).map((u) => u.id)).toEqual([prefix.id]);

    // A last name no generated person has: the factories' names (Alex among them) depend on what ran before.
    expect(await foundIds(api, 'quixand')).toEqual([byFirstName.id]);
    expect(await foundIds(api, 'zorba', '&limit=2')).toEqual([exact.id, prefix.id]);
  });

  it('lists usernames, then first names, then last names that start with the term, then the rest', async () => {
    const { api } = await person();
    const [inside, byLastName, byFirstNameB, byFirstNameA, byUsername] = await createUsers([
      { username: 'the-quolla-fan', firstName: 'Tom' },
      { username: 'aaa-q1', firstName: 'Ben', lastName: 'Quollason' },
      { username: 'zzz-q2', firstName: 'Quolla', lastName: 'Brown' },
      { username: 'zzz-q3', firstName: 'Quolla', lastName: 'Adams' },
      { username: 'quolla99', firstName: 'Uma' },
    ]);

    expect(await foundIds(api, 'quolla')).toEqual([
      byUsername.id,
      byFirstNameA.id,
      byFirstNameB.id,
      byLastName.id,
      inside.id,
    ]);
    expect(await foundIds(api, 'quolla', '&limit=2')).toEqual([byUsername.id, byFirstNameA.id]);
  });

  it('matches two characters at the start of a username or name only', async () => {
    const { api } = await person();
    const [byUsername, byLastName] = await createUsers([
      { username: 'vkbeats', firstName: 'Ola' },
      { username: 'someone-else', firstName: 'Ida', lastName: 'Vkova' },
      { username: 'the-vk-fan', firstName: 'Tom' },
      { username: 'xvkx', firstName: 'Inner' },
    ]);
    const found = await foundIds(api, 'VK');
    expect(found).toEqual([byUsername.id, byLastName.id]);
  });

  it('takes %, _ and \\ literally', async () => {
    const { api } = await person();
    const underscore = await create.user({ username: 'qx_qy', firstName: 'Under' });
    await create.user({ username: 'qxaqy', firstName: 'Plain' });
    expect(await foundIds(api, 'qx_q')).toEqual([underscore.id]);
    expect((await search(api, '%%')).body).toEqual([]);
    expect((await search(api, 'q\\x')).body).toEqual([]);
  });

  it('needs at least 2 characters after trimming, and a sign-in', async () => {
    const { api } = await person();
    for (const q of ['', 'a', ' a ']) {
      const { status, body } = await search(api, q);
      expect(status).toBe(400);
      expect((body as unknown as { message: string }).message).toContain('q');
    }
    expect((await apiClient(server.app).get('/api/users/search?q=ann')).status).toBe(401);
  });
});

describe('GET /api/users/{id}/history', () => {
  it('lists the past concerts a person reviewed, newest first, a page at a time', async () => {
    const { api } = await person();
    const { user } = await person();
    const dates = [-40, -3, -20, -100];
    const concerts: Concert[] = [];
    for (const days of dates) {
      const concert = await create.concert({ date: daysFromToday(days) });
      await create.review({ userId: user.id, concertId: concert.id });
      concerts.push(concert);
    }
    // Reviewed on the day: not history yet, as the Concerts number does not count it either.
    const today = await create.concert({ date: daysFromToday(0) });
    await create.review({ userId: user.id, concertId: today.id });
    const newestFirst = [1, 2, 0, 3].map((i) => concerts[i]!.id);

    const all = await api.get<ConcertListItem[]>(`/api/users/${user.id}/history`);
    expect(all.status).toBe(200);
    expect(all.body.map((c) => c.id)).toEqual(newestFirst);
    expect(all.body[0]).toMatchObject({
      artist: concerts[1]!.artist,
      venue: concerts[1]!.venue,
      date: concerts[1]!.date,
    });
    expect(typeof all.body[0]!.averageRating).toBe('number');

    const first = await api.get<ConcertListItem[]>(`/api/users/${user.id}/history?limit=3`);
    expect(first.body.map((c) => c.id)).toEqual(newestFirst.slice(0, 3));
    const next = await api.get<ConcertListItem[]>(
      `/api/users/${user.id}/history?limit=3&before=${first.body[2]!.id}`,
    );
    expect(next.body.map((c) => c.id)).toEqual(newestFirst.slice(3));
  });

  it('is 403 for others when the person keeps it private, never for themself', async () => {
    const { user, api: own } = await person();
    const { api: other } = await person();
    const concert = await create.concert({ date: daysFromToday(-8) });
    await create.review({ userId: user.id, concertId: concert.id });
    await db().insert(userSettings).values({ userId: user.id, showConcertHistory: false });

    expect(await other.get(`/api/users/${user.id}/history`)).toEqual(
      expect.objectContaining({
        status: 403,
        body: { message: 'This person keeps their concert history private.' },
      }),
    );
    expect((await other.get<UserProfile>(`/api/users/${user.id}`)).body.showsConcertHistory).toBe(
      false,
    );
    const mine = await own.get<ConcertListItem[]>(`/api/users/${user.id}/history`);
    expect(mine.body.map((c) => c.id)).toEqual([concert.id]);
    expect((await own.get<UserProfile>(`/api/users/${user.id}`)).body.showsConcertHistory).toBe(
      true,
    );
  });

  it('answers 404 for nobody', async () => {
    const { api } = await person();
    expect((await api.get(`/api/users/${NO_SUCH_ID}/history`)).status).toBe(404);
  });
});
