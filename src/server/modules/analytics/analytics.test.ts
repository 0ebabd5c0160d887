import { DEFAULT_RANKING_RULE } from '#shared/ranking-rule';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '#server/testing/use-test-app.ts';
import { apiClient } from '#server/testing/api-client.ts';
import { refreshLeagueTables } from '../rankings/index.ts';

const server = useTestApp();
const { create } = server;

const ratings = (overall: number, performance = overall) => ({
  overallRating: overall,
  performanceRating: performance,
  soundRating: overall,
  venueRating: overall,
  valueRating: overall,
});

beforeAll(async () => {
  const people = await Promise.all(Array.from({ length: 6 }, () => create.user()));
  const pastConcert = (artist: string, venue: string, city: string) =>
    create.concert({ date: '2026-01-10', artist, venue, city });
  const fillmore = await pastConcert('Neon Harbor', 'The Fillmore', 'Denver');
  const fillmore2 = await pastConcert('Velvet Static', 'The Fillmore', 'Denver');
  const stubbs = await pastConcert('Neon Harbor', "Stubb's", 'Austin');
  const quiet = await pastConcert('Quiet Rooms', 'Small Hall', 'Seattle');
  // The Fillmore: 5 + 4.5 + 4 over two concerts = 4.5 average from 3 reviews.
  await create.review({ userId: people[0]!.id, concertId: fillmore.id, ...ratings(5, 5) });
  await create.review({ userId: people[1]!.id, concertId: fillmore.id, ...ratings(4.5, 4) });
  await create.review({ userId: people[2]!.id, concertId: fillmore2.id, ...ratings(4, 3) });
  // Stubb's: 3.5 from one review.
  await create.review({ userId: people[0]!.id, concertId: stubbs.id, ...ratings(3.5, 4.5) });
  // Small Hall: 5 from one review, the best average but too few reviews to be ranked.
  await create.review({ userId: people[3]!.id, concertId: quiet.id, ...ratings(5, 5) });
  // Union Hall: 4.5 like the Fillmore, from 6 reviews: the surer 4.5 ranks first.
  const union = await pastConcert('Velvet Static', 'Union Hall', 'Chicago');
  for (const person of people) {
    await create.review({ userId: person.id, concertId: union.id, ...ratings(4.5, 4) });
  }
  await refreshLeagueTables(server.app.writer, DEFAULT_RANKING_RULE);
});

const get = (path: string) => apiClient(server.app).get(path);
const anId = expect.any(String);

describe('GET /api/analytics/top-venues', () => {
  it("ranks venues by the league tables' rule, with their plain averages and review counts", async () => {
    const { status, body } = await get('/api/analytics/top-venues?limit=5');
    expect(status).toBe(200);
    // Venues with fewer than 3 reviews are not ranked, however high their average.
    expect(body).toEqual([
      { id: anId, venue: 'Union Hall', city: 'Chicago', review_count: 6, avg_rating: 4.5 },
      { id: anId, venue: 'The Fillmore', city: 'Denver', review_count: 3, avg_rating: 4.5 },
    ]);
    // Each row names the venue's page.
    for (const row of body as { id: string; venue: string }[]) {
      expect((await get(`/api/venues/${row.id}`)).body).toMatchObject({ name: row.venue });
    }
  });

  it('honours the limit and refuses a bad one', async () => {
    expect((await get('/api/analytics/top-venues?limit=1')).body).toHaveLength(1);
    const bad = await apiClient(server.app).get<{ message: string }>(
      '/api/analytics/top-venues?limit=0',
    );
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain("'limit'");
  });
});

describe('GET /api/analytics/top-artists', () => {
  it('ranks artists with their overall and performance averages', async () => {
    const { status, body } = await get('/api/analytics/top-artists');
    expect(status).toBe(200);
    expect(body).toEqual([
      // Velvet Static: overall (4 + 6 · 4.5) / 7 = 4.43, performance (3 + 6 · 4) / 7 = 3.86
      {
        id: anId,
        artist: 'Velvet Static',
        review_count: 7,
        avg_rating: 4.43,
        avg_performance: 3.86,
      },
      // Neon Harbor: overall (5 + 4.5 + 3.5) / 3 = 4.33, performance (5 + 4 + 4.5) / 3 = 4.5
      { id: anId, artist: 'Neon Harbor', review_count: 3, avg_rating: 4.33, avg_performance: 4.5 },
    ]);
    for (const row of body as { id: string; artist: string }[]) {
      expect((await get(`/api/artists/${row.id}`)).body).toMatchObject({ name: row.artist });
    }
  });
});
