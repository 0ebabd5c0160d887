import { beforeAll, describe, expect, it } from 'vitest';
import { zonedStart } from '#shared/show-time';
import {
  concertListQuerySchema,
  PROVIDERS_SKIPPED_HEADER,
  TOTAL_COUNT_HEADER,
  type ConcertDetail,
  type ConcertListItem,
} from '#shared/schemas/concerts';
import { daysFromToday } from '#server/db/seed/factories.ts';
import {
  VELVET_LANTERNS_CONCERT,
  ticketmasterEvent,
  useFakeTicketmaster,
  type FakeBehaviour,
} from '#server/testing/fake-providers.ts';
import { useTestApp } from '#server/testing/use-test-app.ts';
import { listConcerts, TicketmasterLeftOut } from './service.ts';
import { createServiceContext } from '#server/lib/service-context.ts';
import { apiClient } from '#server/testing/api-client.ts';

// Short enough to keep the timeout case quick, long enough for a busy machine.
const TIMEOUT_MS = 750;
const fake = useFakeTicketmaster();
const searches = () => fake.requestsTo('/discovery/v2/events.json');

const server = useTestApp(() => ({
  env: { TICKETMASTER_API_KEY: 'tm-test-key', TICKETMASTER_BASE_URL: fake.baseUrl },
  deps: {
    providerTuning: { ticketmaster: { timeoutMs: TIMEOUT_MS, cooldownMs: 0, burst: 100 } },
  },
}));
const { db, create } = server;

beforeAll(async () => {
  await create.concert({ artist: 'Early Local', city: 'Chicago', date: daysFromToday(1) });
  await create.concert({ artist: 'Mid Local', city: 'Chicago', date: daysFromToday(5) });
  await create.concert({ artist: 'Late Local', city: 'Chicago', date: daysFromToday(20) });
  // Saved by someone earlier, so it is ours now; Ticketmaster still lists it.
  await create.concert({
    id: 'tm_dup',
    artist: 'Imported Copy',
    city: 'Chicago',
    date: daysFromToday(8),
  });
  fake.events = [
    ticketmasterEvent({ id: 'gone', localDate: daysFromToday(-3), artist: 'Already Played' }),
    ticketmasterEvent({ id: 'aurora', localDate: daysFromToday(2), artist: 'Aurora Tide' }),
    ticketmasterEvent({ id: 'zulu', localDate: daysFromToday(5), artist: 'Zulu Band' }),
    ticketmasterEvent({
      id: 'alpha',
      localDate: daysFromToday(5),
      localTime: '19:30:00',
      artist: 'Alpha Band',
      venue: 'Thalia Hall',
      genre: 'Hip-Hop/Rap',
      priceRanges: [{ type: 'standard', currency: 'USD', min: 35, max: 120 }],
    }),
    ticketmasterEvent({ id: 'dup', localDate: daysFromToday(8), artist: 'Provider Copy' }),
  ];
});

const list = async (query: string) => {
  const response = await apiClient(server.app).get<ConcertListItem[]>(`/api/concerts${query}`);
  expect(response.status).toBe(200);
  return response.body;
};
const artists = async (query: string) => (await list(query)).map((c) => c.artist);

const merged = [
  'Early Local',
  'Aurora Tide',
  'Alpha Band',
  'Mid Local',
  'Zulu Band',
  'Imported Copy',
  'Late Local',
];

describe('GET /api/concerts?includeTicketmaster=true', () => {
  it('merges upcoming Ticketmaster events into the local list by date, then artist', async () => {
    const concerts = await list('?includeTicketmaster=true');
    expect(concerts.map((c) => c.artist)).toEqual(merged);
    expect(concerts.find((c) => c.artist === 'Alpha Band')).toEqual({
      id: 'tm_alpha',
      artist: 'Alpha Band',
      // Not ours yet: no artist or venue page until someone saves it.
      artistId: null,
      venueId: null,
      venue: 'Thalia Hall',
      date: daysFromToday(5),
      time: '7:30 PM',
      startsAt: zonedStart(daysFromToday(5), '7:30 PM', 'America/Chicago'),
      timeZone: 'America/Chicago',
      // The reference event's public sale, long open.
      onSaleAt: '2026-03-13T15:00:00.000Z',
      city: 'Chicago',
      price: '$35 - $120',
      genre: 'hip-hop',
      imageUrl: expect.stringContaining('TABLET_LANDSCAPE_LARGE_16_9'),
      ticketUrl: 'https://www.ticketmaster.com/event/alpha',
      setlistUrl: null,
      averageRating: null,
    });
    // The one we hold already comes once, as ours.
    expect(concerts.filter((c) => c.id === 'tm_dup')).toEqual([
      expect.objectContaining({ artist: 'Imported Copy' }),
    ]);
  });

  it('counts the merged list in its total header, whichever page, asking Ticketmaster once', async () => {
    const query = `?includeTicketmaster=true&endDate=${daysFromToday(59)}`;
    const before = searches().length;
    for (const page of ['', '&limit=2', '&limit=2&offset=4']) {
      const answer = await apiClient(server.app).get(`/api/concerts${query}${page}`);
      expect(answer.headers[TOTAL_COUNT_HEADER]).toBe(String(merged.length));
    }
    expect(searches()).toHaveLength(before + 1);
  });

  it('leaves Ticketmaster alone without includeTicketmaster=true', async () => {
    const before = searches().length;
    expect(await artists('')).toEqual(['Early Local', 'Mid Local', 'Imported Copy', 'Late Local']);
    expect(await artists('?includeTicketmaster=false')).toHaveLength(4);
    expect(searches()).toHaveLength(before);
  });

  it('sends our filters in Ticketmaster terms', async () => {
    await list(
      `?includeTicketmaster=true&city=new-york&genre=indie&search=lanterns&startDate=${daysFromToday(3)}&endDate=${daysFromToday(9)}`,
    );
    const query = searches().at(-1)!.query;
    expect(query.get('apikey')).toBe('tm-test-key');
    expect(query.get('city')).toBe('New York');
    expect(query.get('stateCode')).toBe('NY');
    expect(query.get('classificationName')).toBe('Indie Rock');
    expect(query.get('keyword')).toBe('lanterns');
    expect(query.get('segmentId')).toBe('KZFzniwnSyZfZ7v7nJ');
    expect(query.get('countryCode')).toBe('US');
    expect(query.get('sort')).toBe('date,asc');
    expect(query.get('startDateTime')).toBe(`${daysFromToday(3)}T00:00:00Z`);
    expect(query.get('endDateTime')).toBe(`${daysFromToday(10)}T11:59:59Z`);
    expect(Number(query.get('size'))).toBeLessThanOrEqual(200);
    expect(query.get('page')).toBe('0');
  });

  it('keeps only events inside the date range', async () => {
    expect(
      await artists(
        `?includeTicketmaster=true&startDate=${daysFromToday(5)}&endDate=${daysFromToday(5)}`,
      ),
    ).toEqual(['Alpha Band', 'Mid Local', 'Zulu Band']);
  });

  it('asks Ticketmaster once for the same filters, whichever page', async () => {
    const query = `?includeTicketmaster=true&endDate=${daysFromToday(60)}`;
    const before = searches().length;
    await list(query);
    await list(query);
    await list(`${query}&offset=2&limit=2`);
    expect(searches()).toHaveLength(before + 1);
  });

  it('pages through the merged list without duplicates or gaps', async () => {
    for (const size of [1, 2, 3]) {
      const walked: string[] = [];
      for (let offset = 0; ; offset += size) {
        const page = await artists(`?includeTicketmaster=true&limit=${size}&offset=${offset}`);
        walked.push(...page);
        if (page.length < size) break;
      }
      expect(walked).toEqual(merged);
    }
    expect(await artists('?includeTicketmaster=true&offset=50')).toEqual([]);
  });

  it('answers no extra events when Ticketmaster has none (no _embedded)', async () => {
    fake.behaviour = 'empty';
    expect(await artists(`?includeTicketmaster=true&endDate=${daysFromToday(61)}`)).toEqual([
      'Early Local',
      'Mid Local',
      'Imported Copy',
      'Late Local',
    ]);
  });

  it.each<[FakeBehaviour, number]>([
    ['unauthorized', 62],
    ['rate-limited', 63],
    ['server-error', 64],
    ['slow', 65],
  ])(
    'answers the local concerts alone when Ticketmaster fails, saying so (%s)',
    async (behaviour, days) => {
      fake.behaviour = behaviour;
      fake.slowMs = 5000;
      const before = searches().length;
      const started = Date.now();
      const answer = await apiClient(server.app).get<ConcertListItem[]>(
        `/api/concerts?includeTicketmaster=true&endDate=${daysFromToday(days)}`,
      );
      expect(answer.status).toBe(200);
      expect(answer.body.map((c) => c.artist)).toEqual([
        'Early Local',
        'Mid Local',
        'Imported Copy',
        'Late Local',
      ]);
      expect(answer.headers[PROVIDERS_SKIPPED_HEADER]).toBe('ticketmaster');
      // The total is the catalogue's too.
      expect(answer.headers[TOTAL_COUNT_HEADER]).toBe('4');
      expect(searches()).toHaveLength(before + 1);
      // Our timeout, not the provider's 5 s.
      expect(Date.now() - started).toBeLessThan(TIMEOUT_MS + 2000);
    },
  );
});

describe('provider failures in the log', () => {
  it('logs why Ticketmaster was skipped, with no key in it', async () => {
    const lines: { details: object; message: string }[] = [];
    const log = {
      warn: (details: object, message: string) => lines.push({ details, message }),
      error: (details: object, message: string) => lines.push({ details, message }),
    };
    fake.behaviour = 'rate-limited';
    const listed = listConcerts(
      createServiceContext({
        db: db(),
        providers: server.app.providers,
        files: server.app.fileStore,
        log,
        viewerId: undefined,
        writer: server.app.writer,
      }),
      concertListQuerySchema.parse({ includeTicketmaster: 'true', endDate: daysFromToday(70) }),
    );
    // The route answers the catalogue's list instead (see the failures above).
    await expect(listed).rejects.toBeInstanceOf(TicketmasterLeftOut);
    expect(lines).toEqual([
      {
        details: expect.objectContaining({
          provider: 'ticketmaster',
          failure: 'rate-limited',
          status: 429,
        }),
        message: 'ticketmaster call failed; answering local concerts only',
      },
    ]);
    expect(JSON.stringify(lines)).not.toContain('tm-test-key');
  });
});

describe('Ticketmaster concert detail', () => {
  const get = (path: string) => apiClient(server.app).get<ConcertDetail>(path);

  it('answers a tm_ concert we do not hold from Ticketmaster', async () => {
    for (const path of [
      '/api/concerts/tm_vvG1IZ94kQpXa7',
      '/api/ticketmaster/events/tm_vvG1IZ94kQpXa7',
    ]) {
      const { status, body } = await get(path);
      expect(status).toBe(200);
      expect(body).toMatchObject({
        id: 'tm_vvG1IZ94kQpXa7',
        ...VELVET_LANTERNS_CONCERT,
        description: expect.stringContaining('Doors open one hour before showtime.'),
        reviewCount: 0,
        averageRatings: null,
        isWishlisted: false,
      });
    }
    expect(fake.requestsTo('/discovery/v2/events/vvG1IZ94kQpXa7.json')).toHaveLength(1);
  });

  it('answers a tm_ concert we hold from our database', async () => {
    const before = fake.requests.length;
    expect((await get('/api/ticketmaster/events/tm_dup')).body).toMatchObject({
      artist: 'Imported Copy',
    });
    expect(fake.requests).toHaveLength(before);
  });

  it('answers 404 for an event Ticketmaster does not know, 503 when it fails', async () => {
    expect(await get('/api/concerts/tm_unknown')).toMatchObject({
      status: 404,
      body: { message: 'Concert not found' },
    });
    expect((await get('/api/ticketmaster/events/tm_unknown2')).status).toBe(404);
    fake.behaviour = 'server-error';
    const failed = await get('/api/concerts/tm_other');
    expect(failed.status).toBe(503);
    expect(failed.body).toEqual({ message: expect.stringContaining('Ticketmaster') });
  });
});
