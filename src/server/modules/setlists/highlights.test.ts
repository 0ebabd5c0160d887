import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { ArtistPage } from '#shared/schemas/catalogue';
import type { Review } from '#shared/schemas/reviews';
import type { ConcertSetlist } from '#shared/schemas/setlists';
import { blocks, concerts, reviews, setlists } from '#server/db/schema.ts';
import { daysFromToday } from '#server/db/seed/factories.ts';
import { apiClient, signedInPerson, signInAs } from '#server/testing/api-client.ts';
import { TEST_RATINGS } from '#server/testing/review-fixtures.ts';
import { withSetlistFmApp } from '#server/testing/setlistfm-app.ts';
import { useTestApp } from '#server/testing/use-test-app.ts';

const server = useTestApp();
const { db, person, create } = server;

const SONGS = ['Opener', 'Second Wind', 'Slow One', 'Title Track', 'Deep Cut', 'Closer'];
const ENCORE = ['Encore Song'];

async function concertWithSetlist() {
  const concert = await create.concert({ date: daysFromToday(-5) });
  await db().insert(setlists).values({ concertId: concert.id, songs: SONGS, encoreSongs: ENCORE });
  return concert;
}

const body = (concertId: string, highlights?: unknown) => ({
  ...TEST_RATINGS,
  reviewText: 'The encore alone was worth the ticket.',
  concertId,
  ...(highlights === undefined ? {} : { highlights }),
});

const storedHighlights = async (concertId: string) =>
  (
    await db()
      .select({ h: reviews.highlights })
      .from(reviews)
      .where(eq(reviews.concertId, concertId))
  ).map((row) => row.h);

describe('review highlights', () => {
  it('takes up to five songs of the setlist, encore included, and answers them with the review', async () => {
    const concert = await concertWithSetlist();
    const { api } = await person();
    const marked = ['Closer', 'Opener', 'Encore Song'];
    const created = await api.post<Review>('/api/reviews', body(concert.id, marked));
    expect(created.status).toBe(201);
    expect(created.body.highlights).toEqual(marked);
    expect((await api.get<Review>(`/api/reviews/${created.body.id}`)).body.highlights).toEqual(
      marked,
    );

    const updated = await api.put<Review>(`/api/reviews/${created.body.id}`, {
      ...body(concert.id, ['Deep Cut']),
      concertId: undefined,
    });
    expect(updated.status).toBe(200);
    expect(updated.body.highlights).toEqual(['Deep Cut']);
  });

  it.each([
    ['six songs', SONGS, 'at most 5'],
    [
      'a song not in the setlist',
      ['Opener', 'Not Played'],
      '"Not Played" is not in this concert\'s setlist',
    ],
    ['the same song twice', ['Opener', 'Opener'], 'each song can be marked once'],
    ['something not a list', 'Opener', 'highlights must be a list'],
  ])('refuses %s with a 400 and writes nothing', async (_name, highlights, message) => {
    const concert = await concertWithSetlist();
    const { api } = await person();
    const { status, body: answer } = await api.post<{ message: string }>(
      '/api/reviews',
      body(concert.id, highlights),
    );
    expect(status).toBe(400);
    expect(answer.message).toContain(message);
    expect(await storedHighlights(concert.id)).toEqual([]);
  });

  it('refuses a bad edit and keeps the review as it was', async () => {
    const concert = await concertWithSetlist();
    const { api } = await person();
    const created = await api.post<Review>('/api/reviews', body(concert.id, ['Opener']));
    const { status } = await api.put(`/api/reviews/${created.body.id}`, {
      ...body(concert.id, ['Opener', 'Unknown']),
      concertId: undefined,
      reviewText: 'A different text that must not be saved.',
    });
    expect(status).toBe(400);
    const after = await api.get<Review>(`/api/reviews/${created.body.id}`);
    expect(after.body.highlights).toEqual(['Opener']);
    expect(after.body.reviewText).toBe('The encore alone was worth the ticket.');
  });

  it('a concert without a setlist takes only an empty list', async () => {
    const concert = await create.concert({ date: daysFromToday(-5) });
    const { api } = await person();
    const refused = await api.post<{ message: string }>(
      '/api/reviews',
      body(concert.id, ['Opener']),
    );
    expect(refused.status).toBe(400);
    expect(refused.body.message).toContain('no setlist');

    const withEmpty = await api.post<Review>('/api/reviews', body(concert.id, []));
    expect(withEmpty.status).toBe(201);
    expect(withEmpty.body.highlights).toEqual([]);
    const other = await person();
    const without = await other.api.post<Review>('/api/reviews', body(concert.id));
    expect(without.status).toBe(201);
    expect(without.body.highlights).toEqual([]);
  });
});

describe('GET /api/concerts/{id}/setlist', () => {
  it('lists the songs and the encore with how many visible reviewers marked each', async () => {
    const concert = await concertWithSetlist();
    for (const highlights of [['Opener', 'Closer'], ['Opener', 'Encore Song'], ['Opener']]) {
      const author = await create.user();
      await create.review({ userId: author.id, concertId: concert.id, highlights });
    }
    // A private person's marks count only for those who may see their reviews.
    const hidden = await create.user({ isPrivate: true });
    await create.review({
      userId: hidden.id,
      concertId: concert.id,
      highlights: ['Slow One'],
    });

    const anonymous = await apiClient(server.app).get<ConcertSetlist>(
      `/api/concerts/${concert.id}/setlist`,
    );
    expect(anonymous.status).toBe(200);
    expect(anonymous.body.setlist).toEqual({
      songs: [
        { title: 'Opener', highlights: 3 },
        { title: 'Second Wind', highlights: 0 },
        { title: 'Slow One', highlights: 0 },
        { title: 'Title Track', highlights: 0 },
        { title: 'Deep Cut', highlights: 0 },
        { title: 'Closer', highlights: 1 },
      ],
      encoreSongs: [{ title: 'Encore Song', highlights: 1 }],
      source: null,
    });

    const owner = await signInAs(server, hidden.id);
    const own = await owner.get<ConcertSetlist>(`/api/concerts/${concert.id}/setlist`);
    expect(own.body.setlist?.songs[2]).toEqual({ title: 'Slow One', highlights: 1 });
  });

  it('answers null for a concert without a setlist, and 404 for no concert', async () => {
    const concert = await create.concert({ date: daysFromToday(-5) });
    const api = apiClient(server.app);
    expect((await api.get<ConcertSetlist>(`/api/concerts/${concert.id}/setlist`)).body).toEqual({
      setlist: null,
    });
    const missing = await api.get<{ message: string }>('/api/concerts/no-such-concert/setlist');
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe('Concert not found');
  });
});

describe('songs loved live on the artist page', () => {
  it('count the highlights of the same reviewers as the setlist, for every viewer', async () => {
    const concert = await concertWithSetlist();
    const { user: viewer, api: viewerApi } = await person();
    const mark = async (fields: { isPrivate?: boolean }, highlights: string[]) => {
      const author = await create.user(fields);
      await create.review({ userId: author.id, concertId: concert.id, highlights });
      return author;
    };
    await mark({}, ['Opener', 'Closer']);
    await mark({}, ['Opener']);
    const hidden = await mark({ isPrivate: true }, ['Slow One', 'Opener']);
    const followed = await mark({ isPrivate: true }, ['Title Track']);
    const blocker = await mark({}, ['Deep Cut', 'Closer']);
    await create.follow({ followerId: viewer.id, followingId: followed.id });
    await db().insert(blocks).values({ blockerId: blocker.id, blockedId: viewer.id });

    const readers: [string, ReturnType<typeof apiClient>, Record<string, number>][] = [
      ['a visitor', apiClient(server.app), { Opener: 2, Closer: 2, 'Deep Cut': 1 }],
      [
        'someone blocked, following a private reviewer',
        viewerApi,
        { Opener: 2, Closer: 1, 'Title Track': 1 },
      ],
      [
        'the private reviewer',
        await signInAs(server, hidden.id),
        { Opener: 3, Closer: 2, 'Deep Cut': 1, 'Slow One': 1 },
      ],
    ];
    for (const [name, api, expected] of readers) {
      const setlist = (await api.get<ConcertSetlist>(`/api/concerts/${concert.id}/setlist`)).body
        .setlist!;
      const onSetlist = Object.fromEntries(
        [...setlist.songs, ...setlist.encoreSongs]
          .filter((song) => song.highlights > 0)
          .map((song) => [song.title, song.highlights]),
      );
      const page = await api.get<ArtistPage>(`/api/artists/${concert.artistId}`);
      expect(page.status, name).toBe(200);
      const loved = Object.fromEntries(page.body.lovedSongs.map((s) => [s.song, s.highlights]));
      expect(onSetlist, `${name}: setlist`).toEqual(expected);
      expect(loved, `${name}: artist page`).toEqual(expected);
    }
  });
});

describe('a setlist.fm concert not stored yet', () => {
  it("offers its provider's setlist, and takes highlights from it as the review stores it", async () => {
    await withSetlistFmApp(async (own) => {
      const { api } = await signedInPerson(own);
      const id = 'sfm_4bf6a2d3';
      const offered = await api.get<ConcertSetlist>(`/api/concerts/${id}/setlist`);
      expect(offered.status).toBe(200);
      const setlist = offered.body.setlist!;
      expect(setlist.songs.length).toBeGreaterThan(1);
      expect(setlist.encoreSongs.length).toBeGreaterThan(0);
      expect([...setlist.songs, ...setlist.encoreSongs].every((s) => s.highlights === 0)).toBe(
        true,
      );

      // A song it did not play: refused, and the concert is not imported either.
      const refused = await api.post<{ message: string }>('/api/reviews', body(id, ['Not Played']));
      expect(refused.status).toBe(400);
      expect(await own.database.db.select().from(concerts).where(eq(concerts.id, id))).toEqual([]);

      const marked = [setlist.songs[1]!.title, setlist.encoreSongs[0]!.title];
      const created = await api.post<Review>('/api/reviews', body(id, marked));
      expect(created.status).toBe(201);
      expect(created.body.highlights).toEqual(marked);
      const counted = await api.get<ConcertSetlist>(`/api/concerts/${id}/setlist`);
      expect(counted.body.setlist!.songs[1]).toEqual({ title: marked[0], highlights: 1 });
      expect(counted.body.setlist!.encoreSongs[0]).toEqual({ title: marked[1], highlights: 1 });
      expect(counted.body.setlist!.songs[0]!.highlights).toBe(0);
    });
  });
});
