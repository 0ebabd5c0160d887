import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { PROVIDERS_SKIPPED_HEADER, type ConcertListItem } from '#shared/schemas/concerts';
import { artistFollows, concerts } from '#server/db/schema.ts';
import { daysFromToday } from '#server/db/seed/factories.ts';
import { apiClient, fromAddress, type ApiResponse } from '#server/testing/api-client.ts';
import { ticketmasterEvent, useFakeTicketmaster } from '#server/testing/fake-providers.ts';
import { useTestApp, type RunningTestApp } from '#server/testing/use-test-app.ts';
import { importFollowedArtistsShows } from './service.ts';

const fake = useFakeTicketmaster();
const searches = () => fake.requestsTo('/discovery/v2/events.json');

/** An app whose Ticketmaster calls and per-address searches are limited by `env`. */
function appWith(env: Record<string, string>): RunningTestApp {
  const server = useTestApp(() => ({
    env: {
      TICKETMASTER_API_KEY: 'tm-test-key',
      TICKETMASTER_BASE_URL: fake.baseUrl,
      // Requests come through a proxy on this machine, which names the client address.
      TRUST_PROXY: 'loopback',
      ...env,
    },
    deps: { providerTuning: { ticketmaster: { cooldownMs: 0, burst: 100 } } },
  }));
  beforeAll(async () => {
    await server.create.concert({ artist: 'Local Band', city: 'Chicago', date: daysFromToday(1) });
    fake.events = [
      ticketmasterEvent({ id: 'aurora', localDate: daysFromToday(2), artist: 'Aurora Tide' }),
    ];
  });
  return server;
}

/** A budget of `calls` a day for visitors, none kept back, all spendable in one hour. */
const visitorBudget = (calls: number) => ({
  TICKETMASTER_CALLS_PER_DAY: String(calls),
  TICKETMASTER_CALLS_RESERVED_FOR_REFRESH: '0',
  TICKETMASTER_VISITOR_CALLS_PER_HOUR: String(calls),
});

function list(server: RunningTestApp, query: string, address = '203.0.113.1') {
  return apiClient(server.app).get<ConcertListItem[]>(
    `/api/concerts?${query}`,
    fromAddress(address),
  );
}

/** A list that merged Ticketmaster's events: ours and theirs, no header. */
function expectMerged(response: ApiResponse<ConcertListItem[]>) {
  expect(response.status).toBe(200);
  expect(response.body.map((c) => c.artist)).toEqual(['Local Band', 'Aurora Tide']);
  expect(response.headers[PROVIDERS_SKIPPED_HEADER]).toBeUndefined();
}

/** A list answered from the catalogue alone, saying Ticketmaster was left out. */
function expectCatalogueOnly(response: ApiResponse<ConcertListItem[]>) {
  expect(response.status).toBe(200);
  expect(response.body.map((c) => c.artist)).toEqual(['Local Band']);
  expect(response.headers[PROVIDERS_SKIPPED_HEADER]).toBe('ticketmaster');
}

/** The n-th distinct search: each reaches as far as a different day. */
const distinct = (n: number) => `includeTicketmaster=true&endDate=${daysFromToday(30 + n)}`;

describe('a budget of Ticketmaster calls', () => {
  const server = appWith(visitorBudget(3));

  it('makes at most the budget of calls; further searches answer the catalogue, saying so', async () => {
    const before = searches().length;
    for (const n of [1, 2, 3]) expectMerged(await list(server, distinct(n)));
    for (const n of [4, 5, 6, 7]) expectCatalogueOnly(await list(server, distinct(n)));
    expect(searches()).toHaveLength(before + 3);
    // A search already answered is still answered in full from the cache.
    expectMerged(await list(server, distinct(2)));
    expect(searches()).toHaveLength(before + 3);
  });

  it('answers 503 for a Ticketmaster concert it would have to look up, once the calls are spent', async () => {
    const before = fake.requests.length;
    const answer = await apiClient(server.app).get('/api/concerts/tm_vvG1IZ94kQpXa7');
    expect(answer).toMatchObject({
      status: 503,
      body: { message: 'Ticketmaster lookups are paused for a while; try again later' },
    });
    expect(fake.requests).toHaveLength(before);
  });
});

describe('a budget of Ticketmaster calls, asked at once', () => {
  const server = appWith(visitorBudget(3));

  it('makes exactly the budget of calls for ten different searches at once', async () => {
    const before = searches().length;
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, n) => list(server, distinct(n), `203.0.113.${n + 1}`)),
    );
    expect(searches()).toHaveLength(before + 3);
    const skipped = answers.filter((a) => a.headers[PROVIDERS_SKIPPED_HEADER] === 'ticketmaster');
    expect(skipped).toHaveLength(7);
    skipped.forEach(expectCatalogueOnly);
    answers.filter((a) => !skipped.includes(a)).forEach(expectMerged);
  });
});

describe('one search however it is typed', () => {
  const server = appWith({});

  it('asks Ticketmaster once for the same words in other case, spacing or Unicode form', async () => {
    const before = searches().length;
    for (const search of ['Radiohead', ' radiohead ', 'RADIOHEAD', 'Ｒａｄｉｏｈｅａｄ']) {
      const answer = await list(
        server,
        `includeTicketmaster=true&search=${encodeURIComponent(search)}`,
      );
      expect(answer.status).toBe(200);
      expect(answer.headers[PROVIDERS_SKIPPED_HEADER]).toBeUndefined();
    }
    expect(searches()).toHaveLength(before + 1);
    expect(searches().at(-1)!.query.get('keyword')).toBe('radiohead');
  });
});

describe('provider searches per address', () => {
  const server = appWith({ PROVIDER_SEARCHES_PER_IP_PER_HOUR: '2' });

  it('answers an address past its searches from the catalogue, while another still gets Ticketmaster', async () => {
    const busy = '198.51.100.7';
    expectMerged(await list(server, distinct(1), busy));
    expectMerged(await list(server, distinct(2), busy));
    const before = searches().length;
    expectCatalogueOnly(await list(server, distinct(3), busy));
    expect(searches()).toHaveLength(before);
    // Answers from the cache cost the address nothing.
    expectMerged(await list(server, distinct(1), busy));

    expectMerged(await list(server, distinct(3), '198.51.100.8'));
    expect(searches()).toHaveLength(before + 1);
  });

  it('answers 429 to an address past its searches that asks for a Ticketmaster concert', async () => {
    const before = fake.requests.length;
    const answer = await apiClient(server.app).get(
      '/api/concerts/tm_vvG1IZ94kQpXa7',
      fromAddress('198.51.100.7'),
    );
    expect(answer.status).toBe(429);
    expect(answer.body).toEqual({ message: expect.stringContaining('Too many concert lookups') });
    expect(fake.requests).toHaveLength(before);
  });
});

describe('a list left without Ticketmaster, with the response cache on', () => {
  const server = appWith({ RESPONSE_CACHE_SECONDS: '60' });

  it('is not kept as the full list: once Ticketmaster answers, the next request merges it', async () => {
    fake.behaviour = 'server-error';
    const left = await list(server, distinct(1));
    expectCatalogueOnly(left);
    // Browsers ask again before using it.
    expect(left.headers['cache-control']).toBe('no-cache');

    fake.behaviour = 'success';
    const full = await list(server, distinct(1));
    expectMerged(full);
    expect(full.headers['cache-control']).toBe('public, max-age=60');
  });
});

describe('the calls kept for the scheduled show refresh', () => {
  const server = appWith({
    TICKETMASTER_CALLS_PER_DAY: '3',
    TICKETMASTER_CALLS_RESERVED_FOR_REFRESH: '1',
    TICKETMASTER_VISITOR_CALLS_PER_HOUR: '3',
  });

  it('are there for the refresh after visitors spent theirs', async () => {
    for (const n of [1, 2]) expectMerged(await list(server, distinct(n)));
    expectCatalogueOnly(await list(server, distinct(3)));

    // Someone follows Aurora Tide (known here by a past concert), whose show Ticketmaster lists.
    const fan = await server.create.user();
    const past = await server.create.concert({ artist: 'Aurora Tide', date: daysFromToday(-30) });
    const [row] = await server
      .db()
      .select({ artistId: concerts.artistId })
      .from(concerts)
      .where(eq(concerts.id, past.id));
    await server.db().insert(artistFollows).values({ userId: fan.id, artistId: row!.artistId });

    const before = searches().length;
    const imported = await importFollowedArtistsShows(
      {
        db: server.db(),
        writer: server.app.writer,
        ticketmaster: server.app.providers.ticketmaster,
        log: server.app.log,
      },
      { artists: 10 },
    );
    expect(searches()).toHaveLength(before + 1);
    expect(imported).toBe(1);
  });
});
