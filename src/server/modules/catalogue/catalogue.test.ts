/**
 * Artist and venue pages and artist follows, with the response cache on as production
 * runs it: an anonymous page is shared, and the writes that change it drop it.
 */
import { DEFAULT_RANKING_RULE } from '#shared/ranking-rule';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type {
  ArtistFollowState,
  ArtistPage,
  CatalogueShow,
  VenuePage,
} from '#shared/schemas/catalogue';
import type { ConcertDetail, ConcertListItem } from '#shared/schemas/concerts';
import {
  createConcert,
  createReview,
  daysFromToday,
  type Concert,
} from '#server/db/seed/factories.ts';
import { apiClient } from '#server/testing/api-client.ts';
import { NO_SUCH_ID, useTestApp } from '#server/testing/use-test-app.ts';
import { refreshLeagueTables } from '../rankings/index.ts';

const server = useTestApp({ env: { RESPONSE_CACHE_SECONDS: '60' } });
const { db, person } = server;
const anonymous = () => apiClient(server.app);

const ARTIST = 'The Averaged Echoes';
const VENUE = 'Hall of Known Sums';
const CITY = 'Chicago';

/** Ratings of one review: the overall and the four aspects. */
const rated = (
  overall: number,
  performance: number,
  sound: number,
  venue: number,
  value: number,
) => ({
  overallRating: overall,
  performanceRating: performance,
  soundRating: sound,
  venueRating: venue,
  valueRating: value,
});

let recent: Concert;
let older: Concert;
let upcoming: Concert;
let later: Concert;
let unreviewed: Concert;
let oneFive: Concert;
let otherArtist: Concert;

/** The yyyy-MM of a date `days` from today. */
const monthOf = (days: number) => daysFromToday(days).slice(0, 7);

beforeAll(async () => {
  const at = (days: number, overrides: Partial<Concert> = {}) =>
    createConcert(db(), {
      artist: ARTIST,
      venue: VENUE,
      city: CITY,
      date: daysFromToday(days),
      ...overrides,
    });
  recent = await at(-40);
  older = await at(-500);
  upcoming = await at(20);
  later = await at(60);
  unreviewed = await at(-10);
  // Another artist in the same room: one 5-star review, which must not make it the best night.
  oneFive = await createConcert(db(), {
    artist: 'Lone Star Review',
    venue: VENUE,
    city: CITY,
    date: daysFromToday(-5),
  });
  otherArtist = await createConcert(db(), {
    artist: 'Someone Else Entirely',
    venue: 'Another Room',
    city: CITY,
    date: daysFromToday(-40),
  });

  const review = async (
    concert: Concert,
    ratings: ReturnType<typeof rated>,
    highlights: string[] = [],
  ) => createReview(db(), { concertId: concert.id, ...ratings, highlights });
  await review(recent, rated(4, 5, 3, 4, 2), ['Glass Harbour', 'Northbound']);
  await review(recent, rated(5, 4, 4, 5, 3), ['Glass Harbour']);
  await review(recent, rated(3, 3, 2, 3, 4), ['Glass Harbour', 'Last Tram']);
  await review(older, rated(2, 1, 2, 1, 5), ['Northbound']);
  await review(oneFive, rated(5, 5, 5, 5, 5));
  // Another artist's highlights never count towards this one's songs.
  await review(otherArtist, rated(4, 4, 4, 4, 4), ['Glass Harbour', 'Glass Harbour Reprise']);
  // The pages' averages are the league tables' rows, which the refresh job keeps.
  await refreshLeagueTables(server.app.writer, DEFAULT_RANKING_RULE);
});

const ids = (shows: CatalogueShow[]) => shows.map((show) => show.id);

/** The averages of the recent show's three reviews, its only ones of the last 12 months. */
const RECENT_AVERAGES = {
  reviewCount: 3,
  overall: 4,
  performance: 4,
  sound: 3,
  venue: 4,
  value: 3,
};

describe('GET /api/artists/{id}', () => {
  it('answers 404 "Artist not found" for an unknown or malformed id', async () => {
    for (const id of [NO_SUCH_ID, 'not-an-id', "1' or '1'='1"]) {
      const { status, body } = await anonymous().get(`/api/artists/${encodeURIComponent(id)}`);
      expect(status).toBe(404);
      expect(body).toEqual({ message: 'Artist not found' });
    }
  });

  it('averages every aspect over all shows and over the last 12 months, from the known reviews', async () => {
    const { status, body } = await anonymous().get<ArtistPage>(`/api/artists/${recent.artistId}`);
    expect(status).toBe(200);
    expect(body).toMatchObject({
      id: recent.artistId,
      name: ARTIST,
      followerCount: 0,
      isFollowing: false,
    });
    // All time: (4 + 5 + 3 + 2) / 4 and so on; the last 12 months leave out the show 500 days ago.
    expect(body.averages.allTime).toEqual({
      reviewCount: 4,
      overall: 3.5,
      performance: 3.25,
      sound: 2.75,
      venue: 3.25,
      value: 3.5,
    });
    expect(body.averages.lastTwelveMonths).toEqual(RECENT_AVERAGES);
  });

  it('has a month-by-month trend of the last 12 months, the reviewed month with its averages', async () => {
    const { body } = await anonymous().get<ArtistPage>(`/api/artists/${recent.artistId}`);
    expect(body.trend).toHaveLength(12);
    expect(body.trend.at(-1)!.month).toBe(monthOf(0));
    const months = body.trend.map((m) => m.month);
    expect([...months].sort()).toEqual(months);
    const withShows = body.trend.filter((m) => m.reviewCount > 0);
    expect(withShows).toEqual([{ month: monthOf(-40), ...RECENT_AVERAGES }]);
    expect(body.trend.find((m) => m.reviewCount === 0)).toMatchObject({
      overall: null,
      sound: null,
    });
  });

  it('lists upcoming shows soonest first, past shows newest first, and the most reviewed', async () => {
    const { body } = await anonymous().get<ArtistPage>(`/api/artists/${recent.artistId}`);
    expect(ids(body.upcomingShows)).toEqual([upcoming.id, later.id]);
    expect(ids(body.pastShows)).toEqual([unreviewed.id, recent.id, older.id]);
    expect(body.pastShows[1]).toEqual({
      id: recent.id,
      artist: ARTIST,
      artistId: recent.artistId,
      venue: VENUE,
      venueId: recent.venueId,
      city: CITY,
      date: recent.date,
      time: recent.time,
      averageRating: 4,
      reviewCount: 3,
    });
    expect(body.pastShows[0]).toMatchObject({ averageRating: null, reviewCount: 0 });
    expect(ids(body.mostReviewedShows)).toEqual([recent.id, older.id]);
  });

  it('counts the songs reviewers marked across the artist’s shows, most loved first', async () => {
    const { body } = await anonymous().get<ArtistPage>(`/api/artists/${recent.artistId}`);
    expect(body.lovedSongs).toEqual([
      { song: 'Glass Harbour', highlights: 3 },
      { song: 'Northbound', highlights: 2 },
      { song: 'Last Tram', highlights: 1 },
    ]);
  });
});

describe('GET /api/venues/{id}', () => {
  it('answers 404 "Venue not found" for an unknown or malformed id', async () => {
    for (const id of [NO_SUCH_ID, 'nope']) {
      const { status, body } = await anonymous().get(`/api/venues/${id}`);
      expect(status).toBe(404);
      expect(body).toEqual({ message: 'Venue not found' });
    }
  });

  it('shows the room, its averages all time and for the last 12 months, and its shows', async () => {
    const { status, body } = await anonymous().get<VenuePage>(`/api/venues/${recent.venueId}`);
    expect(status).toBe(200);
    expect(body).toMatchObject({ id: recent.venueId, name: VENUE, city: CITY, amenities: [] });
    // This artist's four reviews and the one 5-star review of the other show.
    expect(body.averages.allTime).toEqual({
      reviewCount: 5,
      overall: 3.8,
      performance: 3.6,
      sound: 3.2,
      venue: 3.6,
      value: 3.8,
    });
    expect(body.averages.lastTwelveMonths).toMatchObject({
      reviewCount: 4,
      overall: 4.25,
      sound: 3.5,
    });
    expect(body.trend).toHaveLength(12);
    expect(ids(body.upcomingShows)).toEqual([upcoming.id, later.id]);
    expect(ids(body.pastShows)).toEqual([oneFive.id, unreviewed.id, recent.id, older.id]);
  });

  it('ranks best-rated shows only with enough reviews: one 5-star review does not top it', async () => {
    const { body } = await anonymous().get<VenuePage>(`/api/venues/${recent.venueId}`);
    expect(ids(body.bestRatedShows)).toEqual([recent.id]);
  });

  it('says so when a room has no reviews yet', async () => {
    const empty = await createConcert(db(), {
      venue: 'Quiet Room Nobody Rated',
      city: CITY,
      date: daysFromToday(-3),
    });
    const { body } = await anonymous().get<VenuePage>(`/api/venues/${empty.venueId}`);
    expect(body.averages.allTime).toEqual({
      reviewCount: 0,
      overall: null,
      performance: null,
      sound: null,
      venue: null,
      value: null,
    });
    expect(ids(body.pastShows)).toEqual([empty.id]);
    expect(body.bestRatedShows).toEqual([]);
  });
});

describe('the pages after a new review', () => {
  it('show it in the artist’s and the venue’s averages and the artist’s most reviewed within 10 seconds', async () => {
    const concert = await createConcert(db(), {
      artist: 'First Review Quartet',
      venue: 'Room Awaiting Its First Review',
      city: CITY,
      date: daysFromToday(-3),
    });
    const pages = [`/api/artists/${concert.artistId}`, `/api/venues/${concert.venueId}`];
    for (const page of pages) {
      const { body } = await anonymous().get<ArtistPage | VenuePage>(page);
      expect(body.averages.allTime.reviewCount).toBe(0);
    }

    const { api } = await person();
    const posted = await api.post('/api/reviews', {
      concertId: concert.id,
      ...rated(5, 4, 3, 2, 1),
      reviewText: 'A first review for a room that waited for one.',
      media: [],
    });
    expect(posted.status).toBe(201);
    const averages = { reviewCount: 1, overall: 5, performance: 4, sound: 3, venue: 2, value: 1 };
    await vi.waitFor(
      async () => {
        for (const page of pages) {
          const { body } = await anonymous().get<ArtistPage | VenuePage>(page);
          expect(body.averages).toEqual({ allTime: averages, lastTwelveMonths: averages });
        }
      },
      { timeout: 10_000, interval: 100 },
    );
    const artist = await anonymous().get<ArtistPage>(pages[0]!);
    expect(ids(artist.body.mostReviewedShows)).toEqual([concert.id]);
  });
});

describe('concerts name their artist and venue pages', () => {
  it('in lists and on the concert page', async () => {
    const list = await anonymous().get<ConcertListItem[]>(
      `/api/concerts?search=${encodeURIComponent(ARTIST)}`,
    );
    expect(list.body.find((c) => c.id === upcoming.id)).toMatchObject({
      artistId: upcoming.artistId,
      venueId: upcoming.venueId,
    });
    const detail = await anonymous().get<ConcertDetail>(`/api/concerts/${recent.id}`);
    expect(detail.body).toMatchObject({ artistId: recent.artistId, venueId: recent.venueId });
  });
});

describe('following an artist', () => {
  it('needs a session', async () => {
    for (const method of ['POST', 'DELETE'] as const) {
      const { status } = await anonymous().request(
        method,
        `/api/artists/${recent.artistId}/follow`,
      );
      expect(status).toBe(401);
    }
  });

  it('answers 404 for an unknown artist', async () => {
    const { api } = await person();
    for (const id of [NO_SUCH_ID, 'not-an-id']) {
      const { status, body } = await api.post(`/api/artists/${id}/follow`);
      expect(status).toBe(404);
      expect(body).toEqual({ message: 'Artist not found' });
    }
  });

  it('is idempotent under 10 concurrent requests, and the count stays exact', async () => {
    const artist = await createConcert(db(), {
      artist: 'Followed Concurrently',
      date: daysFromToday(9),
    });
    const url = `/api/artists/${artist.artistId}/follow`;
    const { api } = await person();

    const follows = await Promise.all(
      Array.from({ length: 10 }, () => api.post<ArtistFollowState>(url)),
    );
    for (const answer of follows) {
      expect(answer.status).toBe(200);
      expect(answer.body).toEqual({ isFollowing: true, followerCount: 1 });
    }
    const page = await api.get<ArtistPage>(`/api/artists/${artist.artistId}`);
    expect(page.body).toMatchObject({ isFollowing: true, followerCount: 1 });

    const unfollows = await Promise.all(
      Array.from({ length: 10 }, () => api.delete<ArtistFollowState>(url)),
    );
    for (const answer of unfollows) {
      expect(answer.body).toEqual({ isFollowing: false, followerCount: 0 });
    }
  });

  it('counts 10 people following at once exactly, and the shared page shows the count but no one’s follow', async () => {
    const artist = await createConcert(db(), {
      artist: 'Followed By Many',
      date: daysFromToday(9),
    });
    const url = `/api/artists/${artist.artistId}/follow`;
    // The anonymous page is cached before the follows: they must drop it.
    expect(
      (await anonymous().get<ArtistPage>(`/api/artists/${artist.artistId}`)).body.followerCount,
    ).toBe(0);

    const people = await Promise.all(Array.from({ length: 10 }, () => person()));
    const answers = await Promise.all(people.map(({ api }) => api.post<ArtistFollowState>(url)));
    expect(answers.map((a) => a.status)).toEqual(Array(10).fill(200));
    expect(answers.map((a) => a.body.followerCount).sort((x, y) => x - y)).toEqual([
      1, 2, 3, 4, 5, 6, 7, 8, 9, 10,
    ]);

    const shared = await anonymous().get<ArtistPage>(`/api/artists/${artist.artistId}`);
    expect(shared.body).toMatchObject({ followerCount: 10, isFollowing: false });
    expect(shared.headers['cache-control']).toMatch(/^public/);

    const follower = await people[0]!.api.get<ArtistPage>(`/api/artists/${artist.artistId}`);
    expect(follower.body).toMatchObject({ followerCount: 10, isFollowing: true });
    expect(follower.headers['cache-control']).toBe('no-store');
    // A reader's copy is the shared page with their own follow, nothing else of theirs.
    expect({ ...follower.body, isFollowing: false }).toEqual(shared.body);
    const { api: stranger } = await person();
    const strangers = await stranger.get<ArtistPage>(`/api/artists/${artist.artistId}`);
    expect(strangers.body).toEqual(shared.body);
    expect(strangers.headers['cache-control']).toBe('no-store');
  });
});
