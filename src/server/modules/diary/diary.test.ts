import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { DiaryPage, DiaryStats } from '#shared/schemas/diary';
import type { UserProfile } from '#shared/schemas/users';
import { attendance, concerts, setlists, userSettings, venues } from '#server/db/schema.ts';
import { daysFromToday } from '#server/db/seed/factories.ts';
import { apiClient, type ApiClient } from '#server/testing/api-client.ts';
import { NO_SUCH_ID, useTestApp } from '#server/testing/use-test-app.ts';

const server = useTestApp();
const { db, person, create } = server;

/** Marks the concert "I was there" for the person, as PUT does. */
async function attended(userId: string, concert: { id: string; date: string }) {
  await db()
    .insert(attendance)
    .values({ userId, concertId: concert.id, status: 'attended', concertDate: concert.date });
}

async function going(userId: string, concert: { id: string; date: string }) {
  await db()
    .insert(attendance)
    .values({ userId, concertId: concert.id, status: 'going', concertDate: concert.date });
}

const diaryOf = (api: ApiClient, who: string, query = '') =>
  api.get<DiaryPage>(`/api/users/${who}/diary${query}`);

/**
 * A known diary: five shows over three years in three cities of two countries, one reviewed,
 * two with setlists; plus a "going" mark on a past show and one on a show ahead.
 */
async function knownDiary() {
  const me = await person();
  const show = (artist: string, venue: string, city: string, date: string) =>
    create.concert({ artist, venue, city, date });
  const a = await show('Rhyme Theory', 'The Roxy', 'Los Angeles', '2023-03-10');
  const b = await show('Rhyme Theory', 'The Roxy', 'Los Angeles', '2024-05-01');
  const c = await show('Zed Quintet', 'Blue Note', 'New York', '2024-11-20');
  const d = await show('Rhyme Theory', 'Brixton Academy', 'London', '2025-02-14');
  const e = await show('The Velvet Lanterns', 'The Roxy', 'Los Angeles', '2025-06-30');
  for (const concert of [a, b, c, d]) await attended(me.user.id, concert);
  const review = await create.review({ userId: me.user.id, concertId: e.id, overallRating: 4.5 });
  await db().update(venues).set({ country: 'United States' }).where(eq(venues.city, 'Los Angeles'));
  await db().update(venues).set({ country: 'United States' }).where(eq(venues.city, 'New York'));
  await db().update(venues).set({ country: 'United Kingdom' }).where(eq(venues.city, 'London'));
  await db()
    .insert(setlists)
    .values([
      { concertId: a.id, songs: ['Opener', 'Hit Song'], encoreSongs: ['Closer'] },
      { concertId: d.id, songs: ['Hit Song', 'New One'], encoreSongs: ['Closer'] },
    ]);
  const missed = await create.concert({ artist: 'Missed Band', date: daysFromToday(-3) });
  await going(me.user.id, missed);
  const ahead = await create.concert({ artist: 'Ahead Band', date: daysFromToday(20) });
  await going(me.user.id, ahead);
  return { me, shows: { a, b, c, d, e }, review, missed, ahead };
}

describe('GET /api/users/me/diary', () => {
  it('lists the shows one was at, newest first, reviewed ones with their review, and asks "Did you go?"', async () => {
    const { me, shows, review, missed } = await knownDiary();
    const page = await diaryOf(me.api, 'me');
    expect(page.status).toBe(200);
    expect(page.body.shows.map((s) => s.id)).toEqual(
      [shows.e, shows.d, shows.c, shows.b, shows.a].map((s) => s.id),
    );
    expect(page.body.shows[0]).toEqual({
      id: shows.e.id,
      date: '2025-06-30',
      artist: 'The Velvet Lanterns',
      venue: 'The Roxy',
      city: 'Los Angeles',
      country: 'United States',
      reviewed: true,
      reviewId: review.id,
      rating: 4.5,
      ticket: null,
    });
    expect(page.body.shows[1]).toMatchObject({ reviewed: false, reviewId: null, rating: null });
    // Only the past "going" mark: the one ahead is not asked about yet.
    expect(page.body.didYouGo.map((s) => s.id)).toEqual([missed.id]);
  });

  it('pages with before and limit, asking "Did you go?" on the first page only', async () => {
    const { me, shows } = await knownDiary();
    const first = await diaryOf(me.api, 'me', '?limit=2');
    expect(first.body.shows.map((s) => s.id)).toEqual([shows.e.id, shows.d.id]);
    const next = await diaryOf(me.api, 'me', `?limit=2&before=${encodeURIComponent(shows.d.id)}`);
    expect(next.body.shows.map((s) => s.id)).toEqual([shows.c.id, shows.b.id]);
    expect(next.body.didYouGo).toEqual([]);
  });

  it('filters by year, artist, venue and city (any case, part of a name)', async () => {
    const { me, shows } = await knownDiary();
    const ids = async (query: string) =>
      (await diaryOf(me.api, 'me', query)).body.shows.map((s) => s.id);
    expect(await ids('?year=2024')).toEqual([shows.c.id, shows.b.id]);
    expect(await ids('?artist=rhyme')).toEqual([shows.d.id, shows.b.id, shows.a.id]);
    expect(await ids('?venue=ROXY&year=2025')).toEqual([shows.e.id]);
    expect(await ids('?city=london')).toEqual([shows.d.id]);
    expect(await ids('?city=Paris')).toEqual([]);
    expect(await ids('?artist=%20')).toHaveLength(5);
  });

  it('answers 400 naming what is wrong', async () => {
    const { api } = await person();
    for (const [query, words] of [
      ['?year=abc', 'year'],
      ['?year=1800', 'year'],
      ['?year=2024.5', 'year'],
      ['?limit=0', 'limit'],
      ['?limit=1000', 'limit'],
      [`?artist=${'x'.repeat(101)}`, 'artist'],
      [`?venue=${'x'.repeat(101)}`, 'venue'],
      [`?city=${'x'.repeat(101)}`, 'city'],
    ] as const) {
      const bad = await api.get<{ message: string }>(`/api/users/me/diary${query}`);
      expect(bad.status, query).toBe(400);
      expect(bad.body.message, query).toContain(words);
    }
  });

  it('is for signed-in people only', async () => {
    const anonymous = apiClient(server.app);
    expect((await anonymous.get('/api/users/me/diary')).status).toBe(401);
    expect((await anonymous.get('/api/users/me/diary/stats')).status).toBe(401);
  });
});

describe('"Did you go?" answered', () => {
  it('"I was there" moves the show into the diary; "I missed it" removes the mark', async () => {
    const viewer = await person();
    const first = await create.concert({ date: daysFromToday(-2) });
    const second = await create.concert({ date: daysFromToday(-4) });
    await going(viewer.user.id, first);
    await going(viewer.user.id, second);

    const path = (id: string) => `/api/concerts/${encodeURIComponent(id)}/attendance`;
    expect((await viewer.api.put(path(first.id), { status: 'attended' })).status).toBe(200);
    expect((await viewer.api.delete(path(second.id))).status).toBe(204);

    const page = await diaryOf(viewer.api, 'me');
    expect(page.body.shows.map((s) => s.id)).toEqual([first.id]);
    expect(page.body.didYouGo).toEqual([]);
  });
});

describe('GET /api/users/me/diary/stats', () => {
  it('counts shows, artists, venues, cities, countries and songs heard live', async () => {
    const { me, shows } = await knownDiary();
    const stats = await me.api.get<DiaryStats>('/api/users/me/diary/stats');
    expect(stats.status).toBe(200);
    expect(stats.body).toEqual({
      shows: 5,
      artists: 3,
      venues: 3,
      cities: 3,
      countries: 2,
      // Opener, Hit Song, Closer, New One.
      songsHeardLive: 4,
      mostSeenArtist: { name: 'Rhyme Theory', count: 3 },
      mostVisitedVenue: { name: 'The Roxy', city: 'Los Angeles', count: 3 },
      firstShow: {
        id: shows.a.id,
        date: '2023-03-10',
        artist: 'Rhyme Theory',
        venue: 'The Roxy',
        city: 'Los Angeles',
      },
      perYear: [
        { year: 2025, count: 2 },
        { year: 2024, count: 2 },
        { year: 2023, count: 1 },
      ],
      topSongs: [
        { song: 'Closer', count: 2 },
        { song: 'Hit Song', count: 2 },
        { song: 'New One', count: 1 },
        { song: 'Opener', count: 1 },
      ],
    });
  });

  it('counts a show under its artist and venue as the concert names them, even after a correction', async () => {
    const me = await person();
    const typo = await create.concert({
      artist: 'Teh Band',
      venue: 'Hall One',
      city: 'Chicago',
      date: '2024-04-04',
    });
    const other = await create.concert({
      artist: 'The Band',
      venue: 'Hall One',
      city: 'Chicago',
      date: '2024-05-05',
    });
    for (const concert of [typo, other]) await attended(me.user.id, concert);
    const numbers = async () => (await me.api.get<DiaryStats>('/api/users/me/diary/stats')).body;
    expect(await numbers()).toMatchObject({ artists: 2, venues: 1 });

    await db().update(concerts).set({ artist: 'The Band' }).where(eq(concerts.id, typo.id));
    expect(await numbers()).toMatchObject({
      artists: 1,
      venues: 1,
      mostSeenArtist: { name: 'The Band', count: 2 },
    });
  });

  it('keeps songs heard live as marks come and go and setlists change', async () => {
    const me = await person();
    const songsOf = async () => {
      const stats = await me.api.get<DiaryStats>('/api/users/me/diary/stats');
      return { heard: stats.body.songsHeardLive, top: stats.body.topSongs };
    };
    const one = await create.concert({ artist: 'Song Counters', date: '2024-02-02' });
    const two = await create.concert({ artist: 'Song Counters', date: '2024-03-03' });
    await db()
      .insert(setlists)
      .values({ concertId: one.id, songs: ['Intro', ' Intro ', '', 'Anthem'], encoreSongs: [] });

    // A mark on a show whose setlist is known brings its songs, trimmed, blanks left out.
    expect(
      (await me.api.put(`/api/concerts/${one.id}/attendance`, { status: 'attended' })).status,
    ).toBe(201);
    expect(await songsOf()).toEqual({
      heard: 2,
      top: [
        { song: 'Intro', count: 2 },
        { song: 'Anthem', count: 1 },
      ],
    });

    // A setlist that comes after the mark, and one that changes, count for those who were there.
    await me.api.put(`/api/concerts/${two.id}/attendance`, { status: 'attended' });
    await db()
      .insert(setlists)
      .values({ concertId: two.id, songs: ['Anthem'], encoreSongs: ['Outro'] });
    await db()
      .update(setlists)
      .set({ songs: ['Intro'] })
      .where(eq(setlists.concertId, one.id));
    expect(await songsOf()).toEqual({
      heard: 3,
      top: [
        { song: 'Anthem', count: 1 },
        { song: 'Intro', count: 1 },
        { song: 'Outro', count: 1 },
      ],
    });

    // Taking a mark back takes its songs away.
    expect((await me.api.delete(`/api/concerts/${two.id}/attendance`)).status).toBe(204);
    expect(await songsOf()).toEqual({ heard: 1, top: [{ song: 'Intro', count: 1 }] });
    await db().delete(setlists).where(eq(setlists.concertId, one.id));
    expect(await songsOf()).toEqual({ heard: 0, top: [] });
  });

  it('is all zeros and nulls for an empty diary', async () => {
    const { api } = await person();
    const stats = await api.get<DiaryStats>('/api/users/me/diary/stats');
    expect(stats.body).toEqual({
      shows: 0,
      artists: 0,
      venues: 0,
      cities: 0,
      countries: 0,
      songsHeardLive: 0,
      mostSeenArtist: null,
      mostVisitedVenue: null,
      firstShow: null,
      perYear: [],
      topSongs: [],
    });
  });

  it("the profile's Concerts number counts every show attended, reviewed or not", async () => {
    const { me } = await knownDiary();
    const profile = await me.api.get<UserProfile>(`/api/users/${me.user.id}`);
    expect(profile.status, profile.text).toBe(200);
    expect(profile.body.stats.concertsAttended).toBe(5);
    expect(profile.body.stats.reviewsWritten).toBe(1);
  });
});

describe('GET /api/users/{id}/diary: shown as the History tab is', () => {
  it('shows a public person\'s diary read-only, without "Did you go?" or their review ids', async () => {
    const { me, shows } = await knownDiary();
    const other = await person();
    const page = await diaryOf(other.api, me.user.id);
    expect(page.status).toBe(200);
    expect(page.body.shows).toHaveLength(5);
    expect(page.body.shows[0]).toMatchObject({
      id: shows.e.id,
      reviewed: true,
      reviewId: null,
      rating: null,
    });
    expect(page.body.didYouGo).toEqual([]);
    const stats = await other.api.get<DiaryStats>(`/api/users/${me.user.id}/diary/stats`);
    expect(stats.body.shows).toBe(5);
    // One's own id reads as one's own diary.
    const own = await diaryOf(me.api, me.user.id);
    expect(own.body.shows[0]!.reviewId).not.toBeNull();
    expect(own.body.didYouGo).toHaveLength(1);
  });

  const refusal = 'This person keeps their concert history private.';

  it('refuses a private account to strangers and a pending requester, not to a follower', async () => {
    const owner = await person({ isPrivate: true });
    const concert = await create.concert({ date: daysFromToday(-5) });
    await attended(owner.user.id, concert);
    const stranger = await person();
    const follower = await person();
    const pending = await person();
    expect((await follower.api.post(`/api/users/${owner.user.id}/follow`)).status).toBe(200);
    await owner.api.post(`/api/follow-requests/${follower.user.id}/approve`);
    await pending.api.post(`/api/users/${owner.user.id}/follow`);

    for (const viewer of [stranger, pending]) {
      for (const path of ['diary', 'diary/stats']) {
        const refused = await viewer.api.get(`/api/users/${owner.user.id}/${path}`);
        expect(refused).toMatchObject({
          status: 403,
          body: { message: 'This account is private' },
        });
      }
    }
    const allowed = await diaryOf(follower.api, owner.user.id);
    expect(allowed.status).toBe(200);
    expect(allowed.body.shows.map((s) => s.id)).toEqual([concert.id]);
  });

  it('refuses across a block, either way', async () => {
    const owner = await person();
    const concert = await create.concert({ date: daysFromToday(-5) });
    await attended(owner.user.id, concert);
    const blocked = await person();
    const blocker = await person();
    expect((await owner.api.post(`/api/users/${blocked.user.id}/block`)).status).toBe(200);
    expect((await blocker.api.post(`/api/users/${owner.user.id}/block`)).status).toBe(200);
    for (const viewer of [blocked, blocker]) {
      const refused = await diaryOf(viewer.api, owner.user.id);
      expect([403, 404]).toContain(refused.status);
      expect(refused.body).toEqual({ message: expect.any(String) });
      expect(
        (await viewer.api.get(`/api/users/${owner.user.id}/diary/stats`)).status,
      ).toBeGreaterThanOrEqual(403);
    }
  });

  it('refuses when the person hides their concert history, never to themself', async () => {
    const owner = await person();
    const concert = await create.concert({ date: daysFromToday(-5) });
    await attended(owner.user.id, concert);
    await db().insert(userSettings).values({ userId: owner.user.id, showConcertHistory: false });
    const other = await person();
    for (const path of ['diary', 'diary/stats']) {
      expect(await other.api.get(`/api/users/${owner.user.id}/${path}`)).toMatchObject({
        status: 403,
        body: { message: refusal },
      });
    }
    expect((await diaryOf(owner.api, 'me')).body.shows).toHaveLength(1);
    expect((await diaryOf(owner.api, owner.user.id)).body.shows).toHaveLength(1);
  });

  it('answers 404 for nobody and 400 for an id that is not one', async () => {
    const { api } = await person();
    expect((await diaryOf(api, NO_SUCH_ID)).status).toBe(404);
    const bad = await api.get<{ message: string }>('/api/users/not-an-id/diary');
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain('id');
  });
});

describe("the diary reads one person's marks", () => {
  it("leaves out other people's marks and shows whose concert is gone", async () => {
    const { me, shows } = await knownDiary();
    const other = await person();
    await attended(other.user.id, shows.a);
    await db().delete(concerts).where(eq(concerts.id, shows.c.id));
    const page = await diaryOf(me.api, 'me');
    expect(page.body.shows.map((s) => s.id)).toEqual(
      [shows.e, shows.d, shows.b, shows.a].map((s) => s.id),
    );
  });
});
