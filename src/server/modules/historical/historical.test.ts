import { beforeAll, describe, expect, it } from 'vitest';
import type { HistoricalConcert } from '#shared/schemas/concerts';
import { createConcert, daysFromToday } from '#server/db/seed/factories.ts';
import { useFakeSetlistFm } from '#server/testing/fake-providers.ts';
import { apiClient } from '#server/testing/api-client.ts';
import { useTestApp, type RunningTestApp } from '#server/testing/use-test-app.ts';

const fake = useFakeSetlistFm();

const local = useTestApp();
const withSetlistFm = useTestApp(() => ({
  env: { SETLISTFM_API_KEY: 'sfm-key', SETLISTFM_BASE_URL: fake.baseUrl },
  deps: { providerTuning: { setlistfm: { timeoutMs: 750, cooldownMs: 0, burst: 100 } } },
}));

/** Both apps hold two past concerts of The Velvet Lanterns, and three that a search leaves out. */
const catalogue = (): Parameters<typeof createConcert>[1][] => [
  {
    artist: 'The Velvet Lanterns',
    venue: 'Metro',
    city: 'Chicago',
    genre: 'indie',
    date: daysFromToday(-30),
  },
  {
    artist: 'The Velvet Lanterns',
    venue: 'The Roxy',
    city: 'Los Angeles',
    genre: 'indie',
    date: daysFromToday(-5),
  },
  // Upcoming: not historical.
  { artist: 'The Velvet Lanterns', date: daysFromToday(10) },
  // Today is not before today.
  { artist: 'The Velvet Lanterns', date: daysFromToday(0) },
  // Only the venue matches: not this artist.
  { artist: 'Someone Else', venue: 'Velvet Room', date: daysFromToday(-3) },
];

beforeAll(async () => {
  for (const server of [local, withSetlistFm]) {
    for (const concert of catalogue()) await createConcert(server.db(), concert);
  }
});

const search = async (server: RunningTestApp, query: string) => {
  const { status, body } = await apiClient(server.app).get<HistoricalConcert[]>(
    `/api/setlistfm/events${query}`,
  );
  return { status, body };
};

describe('GET /api/setlistfm/events without setlist.fm', () => {
  it('finds past concerts of our catalogue by partial, case-insensitive artist, newest first', async () => {
    const { status, body } = await search(local, '?artistName=VELVET%20lant&limit=10');
    expect(status).toBe(200);
    expect(body).toEqual([
      {
        id: expect.any(String),
        artist: 'The Velvet Lanterns',
        venue: 'The Roxy',
        city: 'Los Angeles',
        date: daysFromToday(-5),
        genre: 'indie',
      },
      expect.objectContaining({ venue: 'Metro', date: daysFromToday(-30) }),
    ]);
    expect((await search(local, '?artistName=velvet&limit=1')).body).toHaveLength(1);
  });

  it('needs at least 3 characters', async () => {
    const { status, body } = await search(local, '?artistName=ve');
    expect(status).toBe(400);
    expect(body).toEqual({ message: expect.stringContaining("'artistName'") });
    expect((await search(local, '')).status).toBe(400);
  });
});

describe('GET /api/setlistfm/events with setlist.fm', () => {
  it('answers setlist.fm’s setlists as historical concerts, with the genre our catalogue knows', async () => {
    const { status, body } = await search(withSetlistFm, '?artistName=velvet%20lanterns&limit=10');
    expect(status).toBe(200);
    expect(body).toEqual([
      {
        id: 'sfm_2b9d4e6c',
        artist: 'The Velvet Lanterns',
        venue: 'Foothills Ballroom',
        city: 'Denver',
        date: '2026-07-24',
        genre: 'indie',
      },
      {
        id: 'sfm_73e1c5b9',
        artist: 'The Velvet Lanterns',
        venue: 'The Riverside Theatre',
        city: 'Milwaukee',
        date: '2026-07-21',
        genre: 'indie',
      },
      expect.objectContaining({ id: 'sfm_4bf6a2d3', city: 'Chicago', date: '2026-07-18' }),
    ]);
    const request = fake.requestsTo('/rest/1.0/search/setlists').at(-1)!;
    expect(request.query.get('artistName')).toBe('velvet lanterns');
    expect(request.headers['x-api-key']).toBe('sfm-key');
    expect(
      (await search(withSetlistFm, '?artistName=velvet%20lanterns&limit=2')).body,
    ).toHaveLength(2);
  });

  it('answers [] when setlist.fm has no match (its 404)', async () => {
    expect(await search(withSetlistFm, '?artistName=zzqx%20nobody')).toEqual({
      status: 200,
      body: [],
    });
  });

  it.each([
    ['rate-limited', 'velvet l'],
    ['unauthorized', 'velvet la'],
    ['server-error', 'velvet lan'],
    ['slow', 'the velvet'],
  ] as const)('falls back to our catalogue when setlist.fm fails (%s)', async (behaviour, name) => {
    fake.behaviour = behaviour;
    fake.slowMs = 5000;
    const before = fake.requests.length;
    // A name not searched before, so no cached answer hides the failure.
    const { status, body } = await search(withSetlistFm, `?artistName=${encodeURIComponent(name)}`);
    expect(fake.requests).toHaveLength(before + 1);
    expect(status).toBe(200);
    expect(body.map((c) => [c.venue, c.id.startsWith('sfm_')])).toEqual([
      ['The Roxy', false],
      ['Metro', false],
    ]);
  });
});
