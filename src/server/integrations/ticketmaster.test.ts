import { afterEach, describe, expect, it } from 'vitest';
import {
  VELVET_LANTERNS_CONCERT,
  providerFailure,
  referenceResponses,
  ticketmasterEvent,
  useFakeTicketmaster,
  type TicketmasterEventBody,
} from '../testing/fake-providers.ts';
import type { ProviderTuning } from './provider-kit.ts';
import {
  bestImage,
  formatLocalTime,
  formatPriceRange,
  instantOf,
  TICKETMASTER_DEFAULTS,
  TicketmasterClient,
} from './ticketmaster.ts';

const fake = useFakeTicketmaster();
const referenceEvents = referenceResponses.ticketmasterSearch()._embedded!.events;
afterEach(() => {
  fake.requests.length = 0;
  fake.events = referenceEvents;
});

const client = (tuning: Partial<ProviderTuning> = {}) =>
  new TicketmasterClient({
    apiKey: 'test-key',
    baseUrl: fake.baseUrl,
    tuning: { ...TICKETMASTER_DEFAULTS, ...tuning },
  });

/** The reference events are in July to September 2026. */
const summer = { startDate: '2026-07-01', endDate: '2026-09-30', size: 200 };

describe('Ticketmaster search', () => {
  it('asks for US music events in our city and genre, by date, with exact date-times', async () => {
    await client().searchEvents({
      ...summer,
      city: 'los-angeles',
      genre: 'hip-hop',
      keyword: ' lanterns ',
    });
    expect(fake.requests).toHaveLength(1);
    const { path, query } = fake.requests[0]!;
    expect(path).toBe('/discovery/v2/events.json');
    expect(Object.fromEntries(query)).toEqual({
      apikey: 'test-key',
      segmentId: 'KZFzniwnSyZfZ7v7nJ',
      countryCode: 'US',
      city: 'Los Angeles',
      stateCode: 'CA',
      classificationName: 'Hip-Hop/Rap',
      keyword: 'lanterns',
      sort: 'date,asc',
      size: '200',
      page: '0',
      startDateTime: '2026-07-01T00:00:00Z',
      // The end of the local day in any US time zone, in UTC.
      endDateTime: '2026-10-01T11:59:59Z',
    });
    for (const name of ['startDateTime', 'endDateTime']) {
      expect(query.get(name)).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);
    }
  });

  it('maps the reference events to concerts', async () => {
    const concerts = await client().searchEvents(summer);
    expect(concerts).toEqual([
      {
        id: 'tm_vvG1IZ94kQpXa7',
        ...VELVET_LANTERNS_CONCERT,
        imageUrl:
          'https://s1.ticketm.net/dam/a/7c1/4f2b9d0e-81a3-4c7e-9a55-0d3e6b1f27c1_TABLET_LANDSCAPE_LARGE_16_9.jpg',
        ticketUrl:
          'https://www.ticketmaster.com/the-velvet-lanterns-midnight-orchard-tour-chicago-illinois-07-18-2026/event/04006C8AE91B2F3D',
        description: null,
        // dates.start.dateTime and dates.timezone: 8 PM CDT.
        startsAt: '2026-07-19T01:00:00.000Z',
        timeZone: 'America/Chicago',
        // sales.public.startDateTime and presales[].
        onSaleAt: '2026-03-13T15:00:00.000Z',
        presales: [
          {
            name: 'Artist Presale',
            startsAt: '2026-03-11T15:00:00.000Z',
            endsAt: '2026-03-12T04:00:00.000Z',
          },
        ],
      },
      expect.objectContaining({
        id: 'tm_G5v0Z9xK3mTbQ',
        artist: 'Marisol Vega',
        city: 'Austin',
        date: '2026-08-07',
        time: '7:30 PM',
        startsAt: '2026-08-08T00:30:00.000Z',
        timeZone: 'America/Chicago',
        price: '$35 - $89.75',
        genre: 'country',
      }),
      // No priceRanges: no price, and the client shows 'Price TBA'.
      expect.objectContaining({
        id: 'tm_Z7r9jZ1A7uVf4',
        artist: 'Copperline Quartet',
        city: 'Denver',
        time: '7:00 PM',
        startsAt: '2026-09-13T01:00:00.000Z',
        timeZone: 'America/Denver',
        price: null,
        genre: 'jazz',
      }),
    ]);
  });

  it('keeps each event’s instant and its venue’s zone, in Europe and Asia too, and none when to be announced', async () => {
    fake.events = [
      ticketmasterEvent({
        id: 'berlin',
        localDate: '2026-08-01',
        city: 'Berlin',
        timeZone: 'Europe/Berlin',
      }),
      ticketmasterEvent({
        id: 'tokyo',
        localDate: '2026-08-01',
        localTime: '19:00:00',
        city: 'Tokyo',
        timeZone: 'Asia/Tokyo',
      }),
      ticketmasterEvent({ id: 'tba', localDate: '2026-08-02', timeTBA: true }),
    ];
    const concerts = await client().searchEvents(summer);
    expect(concerts.map((c) => [c.id, c.time, c.startsAt, c.timeZone])).toEqual([
      ['tm_berlin', '8:00 PM', '2026-08-01T18:00:00.000Z', 'Europe/Berlin'],
      ['tm_tokyo', '7:00 PM', '2026-08-01T10:00:00.000Z', 'Asia/Tokyo'],
      ['tm_tba', null, null, 'America/Chicago'],
    ]);
  });

  it('answers [] when nothing matched (no _embedded at all)', async () => {
    fake.behaviour = 'empty';
    expect(await client().searchEvents(summer)).toEqual([]);
  });

  it('leaves out cancelled events, events without an attraction take the event name, and the local date decides the range', async () => {
    fake.events = [
      ticketmasterEvent({ id: 'a', localDate: '2026-08-01', artist: null, name: 'Summer Jam' }),
      ticketmasterEvent({ id: 'b', localDate: '2026-08-02', status: 'cancelled' }),
      // The UTC window reaches into the morning after the end date; a show dated that day is out.
      ticketmasterEvent({ id: 'c', localDate: '2026-09-01' }),
    ];
    const concerts = await client().searchEvents({ ...summer, endDate: '2026-08-31' });
    expect(concerts.map((c) => [c.id, c.artist])).toEqual([['tm_a', 'Summer Jam']]);
  });

  it('maps a genre we do not have to null, and keeps the genre asked for when the event carries it', async () => {
    fake.events = [
      ticketmasterEvent({ id: 'metal', localDate: '2026-08-01', genre: 'Metal' }),
      ticketmasterEvent({ id: 'undefined', localDate: '2026-08-01', genre: 'Undefined' }),
      ticketmasterEvent({ id: 'edm', localDate: '2026-08-01', genre: 'Dance/Electronic' }),
    ];
    const concerts = await client().searchEvents(summer);
    expect(concerts.map((c) => c.genre)).toEqual([null, null, 'electronic']);

    // Indie Rock is a sub-genre of Rock: asked for rock, it is rock.
    const indie = structuredClone(referenceEvents[0]!) as TicketmasterEventBody & {
      classifications: Record<string, unknown>[];
    };
    indie.classifications[0]!.subGenre = { name: 'Indie Rock' };
    fake.events = [indie];
    expect((await client().searchEvents(summer))[0]!.genre).toBe('indie');
    expect((await client().searchEvents({ ...summer, genre: 'rock' }))[0]!.genre).toBe('rock');
  });

  it('answers a second identical search from its cache, and merges identical searches in flight', async () => {
    const tm = client();
    await tm.searchEvents(summer);
    await tm.searchEvents(summer);
    expect(fake.requests).toHaveLength(1);
    await Promise.all([
      tm.searchEvents({ ...summer, city: 'austin' }),
      tm.searchEvents({ ...summer, city: 'austin' }),
    ]);
    expect(fake.requests).toHaveLength(2);
  });

  it('does not cache failures', async () => {
    const tm = client();
    fake.behaviour = 'server-error';
    expect((await providerFailure(tm.searchEvents(summer))).failure).toBe('http-error');
    fake.behaviour = 'success';
    expect(await tm.searchEvents(summer)).toHaveLength(3);
    expect(fake.requests).toHaveLength(2);
  });

  it('reports a bad key as unauthorized', async () => {
    fake.behaviour = 'unauthorized';
    const error = await providerFailure(client().searchEvents(summer));
    expect(error).toMatchObject({ failure: 'unauthorized', status: 401 });
    expect(error.message).toContain('oauth.v2.InvalidApiKey');
  });

  it('reports a 429 and then stays away for the cool-down', async () => {
    const tm = client({ cooldownMs: 60_000 });
    fake.behaviour = 'rate-limited';
    expect(await providerFailure(tm.searchEvents(summer))).toMatchObject({
      failure: 'rate-limited',
      status: 429,
    });
    fake.behaviour = 'success';
    expect((await providerFailure(tm.searchEvents(summer))).failure).toBe('rate-limited');
    expect(fake.requests).toHaveLength(1);
  });

  it('gives up after the timeout', async () => {
    fake.behaviour = 'slow';
    const started = Date.now();
    expect((await providerFailure(client({ timeoutMs: 100 }).searchEvents(summer))).failure).toBe(
      'timeout',
    );
    expect(Date.now() - started).toBeLessThan(1500);
  });

  it('skips a call when no token is free within the short wait', async () => {
    const tm = client({ requestsPerSecond: 1, burst: 1, maxWaitMs: 0 });
    await tm.searchEvents(summer);
    expect((await providerFailure(tm.searchEvents({ ...summer, genre: 'jazz' }))).failure).toBe(
      'throttled',
    );
    expect(fake.requests).toHaveLength(1);
  });

  it('would be refused with DIS1015 if a date-time carried milliseconds', async () => {
    const url = new URL(`${fake.baseUrl}/events.json`);
    url.searchParams.set('apikey', 'k');
    url.searchParams.set('startDateTime', new Date('2026-07-01T00:00:00Z').toISOString());
    const response = await fetch(url);
    expect(response.status).toBe(400);
    expect(((await response.json()) as { errors: { code: string }[] }).errors[0]!.code).toBe(
      'DIS1015',
    );
  });
});

describe('Ticketmaster event', () => {
  it('maps the bare event object, description from info and pleaseNote', async () => {
    const concert = await client().getEvent('tm_vvG1IZ94kQpXa7');
    expect(fake.requestsTo('/discovery/v2/events/vvG1IZ94kQpXa7.json')).toHaveLength(1);
    expect(concert).toMatchObject({
      id: 'tm_vvG1IZ94kQpXa7',
      artist: 'The Velvet Lanterns',
      price: '$49.50 - $125',
      description:
        'Doors open one hour before showtime. All ages; under 16 must be accompanied by an adult.\n\nMobile tickets only. Bags larger than 12" x 6" x 12" are not permitted.',
    });
  });

  it('answers null for an unknown id, and for one that cannot be an id without asking', async () => {
    expect(await client().getEvent('tm_nope')).toBeNull();
    expect(await client().getEvent('tm_../../etc')).toBeNull();
    expect(fake.requests).toHaveLength(1);
  });
});

describe('mapping helpers', () => {
  it.each([
    ['2026-07-19T01:00:00Z', '2026-07-19T01:00:00.000Z'],
    ['2026-07-19T03:00:00+02:00', '2026-07-19T01:00:00.000Z'],
    ['2026-07-19', null],
    ['TBA', null],
    ['2026-02-30T25:00:00Z', null],
    [undefined, null],
  ])('reads the start %s as %s', (dateTime, instant) => {
    expect(instantOf(dateTime)).toBe(instant);
  });

  it.each([
    ['20:00:00', '8:00 PM'],
    ['19:30:00', '7:30 PM'],
    ['00:15:00', '12:15 AM'],
    ['12:00:00', '12:00 PM'],
    [undefined, null],
    ['soon', null],
  ])('time %s → %s', (given, expected) => {
    expect(formatLocalTime(given)).toBe(expected);
  });

  it.each([
    [[{ type: 'standard', currency: 'USD', min: 45, max: 45 }], '$45'],
    [[{ type: 'standard', currency: 'USD', min: 35, max: 120 }], '$35 - $120'],
    [[{ type: 'standard', currency: 'USD', min: 49.5, max: 125 }], '$49.50 - $125'],
    [[{ type: 'standard', currency: 'USD', min: 30 }], '$30'],
    [
      [
        { type: 'standard including fees', currency: 'USD', min: 60, max: 200 },
        { type: 'standard', currency: 'USD', min: 50, max: 150 },
      ],
      '$50 - $150',
    ],
    [[], null],
    [undefined, null],
  ])('price %j → %s', (given, expected) => {
    expect(formatPriceRange(given)).toBe(expected);
  });

  it('takes the widest 16:9 image, else the widest of any ratio', () => {
    expect(
      bestImage([
        { ratio: '16_9', url: 'small', width: 640 },
        { ratio: '3_2', url: 'wide-3-2', width: 4000 },
        { ratio: '16_9', url: 'large', width: 2048 },
      ]),
    ).toBe('large');
    expect(
      bestImage([
        { ratio: '4_3', url: 'a', width: 305 },
        { ratio: '3_2', url: 'b', width: 1024 },
      ]),
    ).toBe('b');
    expect(bestImage(undefined)).toBeNull();
  });
});
