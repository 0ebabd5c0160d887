import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { DEFAULT_RANKING_RULE, rankByRule, roundScore, type Candidate } from '#shared/ranking-rule';
import type { Rankings } from '#shared/schemas/rankings';
import type { Review } from '#shared/schemas/reviews';
import { executeRows } from '#server/db/index.ts';
import {
  createConcert,
  createReview,
  createUser,
  daysFromToday,
} from '#server/db/seed/factories.ts';
import { apiClient } from '#server/testing/api-client.ts';
import { jobsSettled } from '#server/testing/jobs.ts';
import { useTestApp } from '#server/testing/use-test-app.ts';
import { leagueTablesOutOfDate, selectLeagueRows } from './queries.ts';
import { buildLeagueTablesIfOutOfDate, refreshLeagueTables } from './service.ts';

// Cached as in production, so the tests see that a refresh drops the cached tables.
const server = useTestApp({ env: { RESPONSE_CACHE_SECONDS: '60' } });
const { db, person } = server;

type Aspects = [overall: number, performance: number, sound: number, venue: number, value: number];

/** Reviews of one concert, each by a new person, with the given ratings. */
async function review(concertId: string, ...ratings: Aspects[]) {
  for (const [overall, performance, sound, venue, value] of ratings) {
    const user = await createUser(db());
    await createReview(db(), {
      userId: user.id,
      concertId,
      overallRating: overall,
      performanceRating: performance,
      soundRating: sound,
      venueRating: venue,
      valueRating: value,
    });
  }
}

const same = (rating: number): Aspects => [rating, rating, rating, rating, rating];

const rankings = async (query: string) => {
  const { status, body } = await apiClient(server.app).get<Rankings>(`/api/rankings?${query}`);
  expect(status).toBe(200);
  return body;
};

const names = (table: Rankings) => table.rows.map((row) => row.name);

// Denver rock, Chicago jazz, and one old show (two years ago) in Denver.
beforeAll(async () => {
  const show = (artist: string, venue: string, city: string, genre: string, daysAgo = 20) =>
    createConcert(db(), { artist, venue, city, genre, date: daysFromToday(-daysAgo) });

  const redRocks = await show('Amber Lanes', 'Red Rocks', 'Denver', 'rock');
  // Red Rocks: 4 reviews, overall 4.5, sound 3.
  await review(redRocks.id, [5, 5, 3, 5, 4], [4, 4, 3, 4, 4], [5, 5, 3, 5, 4], [4, 4, 3, 4, 4]);
  const ogden = await show('Amber Lanes', 'Ogden Theatre', 'Denver', 'rock');
  // Ogden: 3 reviews, overall 4, sound 5.
  await review(ogden.id, [4, 4, 5, 4, 4], [4, 4, 5, 4, 4], [4, 4, 5, 4, 4]);
  const bluebird = await show('Cold Engines', 'Bluebird', 'Denver', 'rock');
  // Bluebird: one perfect review, below the minimum.
  await review(bluebird.id, same(5));
  const greenMill = await show('Slow Brass', 'Green Mill', 'Chicago', 'jazz');
  // Green Mill: 5 reviews at 3.
  await review(greenMill.id, same(3), same(3), same(3), same(3), same(3));
  // Two years ago at the Gothic: all time only.
  const gothic = await show('Slow Brass', 'Gothic Theatre', 'Denver', 'jazz', 730);
  await review(gothic.id, same(5), same(5), same(5));

  await refreshLeagueTables(server.app.writer, DEFAULT_RANKING_RULE);
});

describe('GET /api/rankings', () => {
  it('ranks venues by the rule: Bayesian scores toward the mean, a minimum of reviews', async () => {
    const table = await rankings('kind=venues&aspect=overall');
    expect(table.rule).toEqual(DEFAULT_RANKING_RULE);
    expect(table).toMatchObject({ kind: 'venues', aspect: 'overall', city: '', genre: '' });
    // The same tallies through the rule module give the same order and scores.
    const tallies: Candidate[] = [
      { name: 'Red Rocks', count: 4, sum: 18 },
      { name: 'Ogden Theatre', count: 3, sum: 12 },
      { name: 'Bluebird', count: 1, sum: 5 },
      { name: 'Green Mill', count: 5, sum: 15 },
      { name: 'Gothic Theatre', count: 3, sum: 15 },
    ];
    const scope = { count: 16, sum: 65 };
    const expected = rankByRule(tallies, scope, DEFAULT_RANKING_RULE);
    expect(table.rows).toEqual(
      expected.map((entry) => ({
        rank: entry.rank,
        id: expect.any(String),
        name: entry.subject.name,
        city: entry.subject.name === 'Green Mill' ? 'Chicago' : 'Denver',
        genres: [],
        score: roundScore(entry.score),
        average: roundScore(entry.subject.sum / entry.subject.count),
        reviewCount: entry.subject.count,
      })),
    );
    expect(names(table)).not.toContain('Bluebird');
    expect(names(table)).toEqual(['Gothic Theatre', 'Red Rocks', 'Ogden Theatre', 'Green Mill']);
  });

  it('ranks by the aspect asked for', async () => {
    const sound = await rankings('kind=venues&aspect=sound&city=Denver');
    // Ogden's sound (5 from 3) beats Red Rocks' (3 from 4).
    expect(names(sound).indexOf('Ogden Theatre')).toBeLessThan(names(sound).indexOf('Red Rocks'));
    expect(sound.rows.find((row) => row.name === 'Red Rocks')?.average).toBe(3);
  });

  it('filters by city and genre, with each its own mean', async () => {
    expect(names(await rankings('kind=venues&city=Chicago'))).toEqual(['Green Mill']);
    const rock = await rankings('kind=venues&genre=rock');
    expect(names(rock)).toEqual(['Red Rocks', 'Ogden Theatre']);
    // The rock table's mean: 35 from 8 reviews (Bluebird's counted, though not ranked).
    const mean = 35 / 8;
    expect(rock.rows[0]!.score).toBe(roundScore((10 * mean + 18) / 14));
    expect(names(await rankings('kind=venues&city=Chicago&genre=rock'))).toEqual([]);
  });

  it('ranks artists over all their shows, with their genres', async () => {
    const table = await rankings('kind=artists');
    const amber = table.rows.find((row) => row.name === 'Amber Lanes');
    expect(amber).toMatchObject({ reviewCount: 7, city: null, average: roundScore(30 / 7) });
    expect(amber?.genres).toEqual(['rock']);
    // Cold Engines has one review only.
    expect(names(table)).not.toContain('Cold Engines');
    expect(names(await rankings('kind=artists&city=Chicago'))).toEqual(['Slow Brass']);
  });

  it('counts the last 12 months by concert date', async () => {
    expect(names(await rankings('kind=venues&period=all'))).toContain('Gothic Theatre');
    const recent = await rankings('kind=venues&period=12m');
    expect(recent.period).toBe('12m');
    expect(names(recent)).toEqual(['Red Rocks', 'Ogden Theatre', 'Green Mill']);
    // Slow Brass's old show falls out: 5 reviews left.
    const artist = (await rankings('kind=artists&period=12m')).rows.find(
      (row) => row.name === 'Slow Brass',
    );
    expect(artist?.reviewCount).toBe(5);
  });

  it('moves the 12-month window with the date, dropping what falls out of it', async () => {
    // Two years on, nothing of these concerts is in the last 12 months.
    const later = daysFromToday(2 * 365);
    expect(
      await refreshLeagueTables(server.app.writer, DEFAULT_RANKING_RULE, later),
    ).toBeGreaterThan(0);
    expect((await rankings('kind=venues&period=12m')).rows).toEqual([]);
    expect((await rankings('kind=artists&period=12m')).rows).toEqual([]);
    expect(names(await rankings('kind=venues&period=all'))).toContain('Red Rocks');
    await refreshLeagueTables(server.app.writer, DEFAULT_RANKING_RULE);
    expect(names(await rankings('kind=venues&period=12m'))).toEqual([
      'Red Rocks',
      'Ogden Theatre',
      'Green Mill',
    ]);
    // Nothing changed since: a refresh writes nothing.
    expect(await refreshLeagueTables(server.app.writer, DEFAULT_RANKING_RULE)).toBe(0);
  });

  it('treats empty values as all, and answers the same body from its cache', async () => {
    const client = apiClient(server.app);
    const first = await client.get<Rankings>('/api/rankings?kind=&aspect=&city=&genre=&period=');
    expect(first.body).toMatchObject({ kind: 'venues', aspect: 'overall', period: 'all' });
    expect(first.headers['cache-control']).toMatch(/^public/);
    const again = await client.get<Rankings>('/api/rankings');
    expect(again.body).toEqual(first.body);
  });

  it.each([
    ['kind=bands', 'kind must be one of venues, artists'],
    ['aspect=loudness', 'aspect must be one of overall, performance, sound, venue, value'],
    ['period=5y', 'period must be one of all, 12m'],
    ['genre=polka', 'genre must be one of'],
    [`city=${'x'.repeat(101)}`, 'city is at most 100 characters'],
  ])('refuses %s with a message', async (query, message) => {
    const { status, body } = await apiClient(server.app).get<{ message: string }>(
      `/api/rankings?${query}`,
    );
    expect(status).toBe(400);
    expect(body.message).toContain(message);
  });
});

describe('the ranks kept with the tables', () => {
  const everywhere = { kind: 'venues', period: 'all', city: '', genre: '' } as const;

  it('follow the rule they were built with, and a process with another rule rebuilds them', async () => {
    const strict = { ...DEFAULT_RANKING_RULE, minReviews: 5 };
    expect(await leagueTablesOutOfDate(db(), DEFAULT_RANKING_RULE)).toBe(false);
    expect(await leagueTablesOutOfDate(db(), strict)).toBe(true);
    try {
      // Every place moves or goes: only Green Mill has five reviews.
      expect(await refreshLeagueTables(server.app.writer, strict)).toBeGreaterThan(0);
      expect(await leagueTablesOutOfDate(db(), strict)).toBe(false);
      const rows = await selectLeagueRows(db(), everywhere, 'overall', strict, 50);
      expect(rows.map((row) => row.name)).toEqual(['Green Mill']);
    } finally {
      await refreshLeagueTables(server.app.writer, DEFAULT_RANKING_RULE);
    }
    const rows = await selectLeagueRows(db(), everywhere, 'overall', DEFAULT_RANKING_RULE, 2);
    expect(rows.map((row) => row.name)).toEqual(['Gothic Theatre', 'Red Rocks']);
  });

  it('are built once by processes starting together with another rule, the others finding them built', async () => {
    const strict = { ...DEFAULT_RANKING_RULE, minReviews: 5 };
    try {
      const built = await Promise.all(
        Array.from({ length: 3 }, () =>
          buildLeagueTablesIfOutOfDate(db(), server.app.writer, strict),
        ),
      );
      expect(built.filter(Boolean)).toHaveLength(1);
      expect(await leagueTablesOutOfDate(db(), strict)).toBe(false);
      expect(await buildLeagueTablesIfOutOfDate(db(), server.app.writer, strict)).toBe(false);
    } finally {
      await refreshLeagueTables(server.app.writer, DEFAULT_RANKING_RULE);
    }
  });
});

describe('the refresh job', () => {
  it('shows a new review in the tables within 10 seconds of its posting', async () => {
    const concert = await createConcert(db(), {
      artist: 'Paper Kites',
      venue: 'Mission Ballroom',
      city: 'Denver',
      genre: 'indie',
      date: daysFromToday(-5),
    });
    await review(concert.id, same(4), same(4));
    await refreshLeagueTables(server.app.writer, DEFAULT_RANKING_RULE);
    const before = await rankings('kind=venues&genre=indie');
    expect(names(before)).toEqual([]);

    const { api } = await person();
    const posted = await api.post<Review>('/api/reviews', {
      concertId: concert.id,
      overallRating: 5,
      performanceRating: 5,
      soundRating: 5,
      venueRating: 5,
      valueRating: 5,
      reviewText: 'The room rang like a bell all night long.',
      media: [],
    });
    expect(posted.status).toBe(201);
    await vi.waitFor(
      async () => {
        const after = await rankings('kind=venues&genre=indie');
        expect(after.rows).toEqual([
          expect.objectContaining({ name: 'Mission Ballroom', reviewCount: 3, average: 4.33 }),
        ]);
      },
      { timeout: 10_000, interval: 100 },
    );

    // Deleting it takes it out again.
    expect((await api.delete(`/api/reviews/${posted.body.id}`)).status).toBe(204);
    await vi.waitFor(
      async () => expect(names(await rankings('kind=venues&genre=indie'))).toEqual([]),
      { timeout: 10_000, interval: 100 },
    );
  });

  it('keeps at most one refresh waiting however many writes ask for one', async () => {
    await jobsSettled(db());
    const waiting = await server.app.db.transaction(async (tx) => {
      for (let i = 0; i < 5; i++) {
        await server.app.jobs.enqueue(tx, [{ kind: 'refresh-league-tables' }]);
      }
      // A write of several changes adds its jobs in one statement (an account's deletion).
      await server.app.jobs.enqueue(tx, [
        { kind: 'refresh-league-tables' },
        { kind: 'refresh-league-tables' },
        { kind: 'remove-files', keys: [] },
      ]);
      return executeRows<{ count: number }>(
        tx,
        sql`SELECT count(*)::int AS count FROM pgboss.job
             WHERE name = 'refresh-league-tables' AND state = 'created'`,
      );
    });
    expect(waiting[0]!.count).toBe(1);
    await jobsSettled(db());
  });
});
