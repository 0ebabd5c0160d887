import { afterEach, describe, expect, it } from 'vitest';
import {
  providerFailure,
  referenceResponses,
  useFakeSetlistFm,
} from '../testing/fake-providers.ts';
import type { ProviderTuning } from './provider-kit.ts';
import { fromSetlistDate, placeOf, SETLISTFM_DEFAULTS, SetlistFmClient } from './setlistfm.ts';

const fake = useFakeSetlistFm();
afterEach(() => {
  fake.requests.length = 0;
});

// No pacing in these tests: each builds a fresh client and makes a call or two.
const client = (tuning: Partial<ProviderTuning> = {}) =>
  new SetlistFmClient({
    apiKey: 'sfm-key',
    baseUrl: fake.baseUrl,
    tuning: { ...SETLISTFM_DEFAULTS, burst: 5, ...tuning },
  });

describe('setlist.fm search', () => {
  it('asks with the key header and for JSON, and maps setlists to past concerts', async () => {
    const found = await client().searchSetlists('velvet lanterns');
    expect(fake.requests).toHaveLength(1);
    const request = fake.requests[0]!;
    expect(request.path).toBe('/rest/1.0/search/setlists');
    expect(request.query.get('artistName')).toBe('velvet lanterns');
    expect(request.query.get('p')).toBe('1');
    expect(request.headers['x-api-key']).toBe('sfm-key');
    expect(request.headers.accept).toBe('application/json');

    expect(found.map((s) => s.concert)).toEqual([
      {
        id: 'sfm_2b9d4e6c',
        artist: 'The Velvet Lanterns',
        venue: 'Foothills Ballroom',
        city: 'Denver',
        date: '2026-07-24',
        // setlist.fm says the day only; the city's coordinates say the zone.
        time: null,
        startsAt: null,
        timeZone: 'America/Denver',
        venueLocation: { latitude: 39.74, longitude: -104.98 },
        price: null,
        genre: null,
        imageUrl: null,
        ticketUrl: null,
        description: 'Midnight Orchard Tour',
      },
      expect.objectContaining({
        id: 'sfm_73e1c5b9',
        venue: 'The Riverside Theatre',
        city: 'Milwaukee',
        date: '2026-07-21',
        timeZone: 'America/Chicago',
      }),
      expect.objectContaining({ id: 'sfm_4bf6a2d3', city: 'Chicago', date: '2026-07-18' }),
    ]);
  });

  it('treats the 404 of a search without matches as no results', async () => {
    expect(await client().searchSetlists('zzqx nobody')).toEqual([]);
    expect(fake.requests).toHaveLength(1);
  });

  it('answers a repeated search from its cache', async () => {
    const sfm = client();
    await sfm.searchSetlists('Velvet');
    await sfm.searchSetlists('velvet');
    expect(fake.requests).toHaveLength(1);
  });

  it('reports 429, 403, 500 and timeouts as provider failures', async () => {
    fake.behaviour = 'rate-limited';
    expect(await providerFailure(client().searchSetlists('velvet'))).toMatchObject({
      failure: 'rate-limited',
      status: 429,
    });
    fake.behaviour = 'unauthorized';
    expect(await providerFailure(client().searchSetlists('velvet'))).toMatchObject({
      failure: 'unauthorized',
      status: 403,
    });
    fake.behaviour = 'server-error';
    expect((await providerFailure(client().searchSetlists('velvet'))).failure).toBe('http-error');
    fake.behaviour = 'slow';
    expect(
      (await providerFailure(client({ timeoutMs: 100 }).searchSetlists('velvet'))).failure,
    ).toBe('timeout');
  });

  it('paces itself at its request rate: a second call within the wait is skipped', async () => {
    const sfm = client({ requestsPerSecond: 2, burst: 1, maxWaitMs: 0 });
    await sfm.searchSetlists('velvet');
    expect((await providerFailure(sfm.searchSetlists('lanterns'))).failure).toBe('throttled');
    expect(fake.requests).toHaveLength(1);
  });
});

describe('setlist.fm setlist', () => {
  it('reads songs and encore songs, leaving out intro tapes, with the source page', async () => {
    const setlist = await client().getSetlist('sfm_4bf6a2d3');
    expect(fake.requests[0]!.path).toBe('/rest/1.0/setlist/4bf6a2d3');
    expect(setlist).toMatchObject({
      concert: {
        id: 'sfm_4bf6a2d3',
        artist: 'The Velvet Lanterns',
        venue: 'Lakeshore Sound Hall',
        city: 'Chicago',
        date: '2026-07-18',
      },
      songs: [
        'Lantern Light',
        'Glass Harbor',
        'Copper Wires',
        'Northbound Static',
        'Paper Satellites',
        'Slow Motion Tides',
        'Midnight Orchard',
      ],
      encoreSongs: ['Ember & Ash', 'The Long Way Home'],
      notes: 'First night of the North American leg.',
      source:
        'https://www.setlist.fm/setlist/the-velvet-lanterns/2026/lakeshore-sound-hall-chicago-il-4bf6a2d3.html',
    });
  });

  it('answers null for an unknown setlist', async () => {
    expect(await client().getSetlist('sfm_ffffffff')).toBeNull();
  });
});

describe('fromSetlistDate', () => {
  it.each([
    ['18-07-2026', '2026-07-18'],
    ['29-02-2024', '2024-02-29'],
    ['29-02-2026', null],
    ['2026-07-18', null],
  ])('%s → %s', (given, expected) => {
    expect(fromSetlistDate(given)).toBe(expected);
  });
});

describe('placeOf', () => {
  it.each([
    [{ lat: 41.85, long: -87.65 }, 'America/Chicago'],
    [{ lat: 52.52, long: 13.4 }, 'Europe/Berlin'],
    [{ lat: 35.68, long: 139.69 }, 'Asia/Tokyo'],
  ])('%o is in %s', (coords, zone) => {
    expect(placeOf(coords)).toEqual({
      latitude: coords.lat,
      longitude: coords.long,
      timeZone: zone,
    });
  });

  it.each([
    [undefined],
    [{}],
    [{ lat: 0, long: 0 }],
    [{ lat: 91, long: 0 }],
    [{ lat: 10, long: 200 }],
  ])('%o is no place', (coords) => {
    expect(placeOf(coords)).toBeNull();
  });
});

describe('setlist.fm attended pages', () => {
  afterEach(() => fake.attended.clear());

  it('reads a page of what a user attended with its paging, counting setlists it cannot read', async () => {
    const [good, other] = referenceResponses.setlistfmSearch().setlist;
    const unreadable = { ...other!, eventDate: 'sometime' };
    fake.attended.set('Lantern_Fan', [good!, unreadable]);
    const page = await client().attendedPage('lantern_fan', 1);
    expect(fake.requests[0]!.path).toBe('/rest/1.0/user/lantern_fan/attended');
    expect(fake.requests[0]!.query.get('p')).toBe('1');
    expect(page).toMatchObject({ count: 2, total: 2, page: 1, itemsPerPage: 20 });
    expect(page!.setlists.map((s) => s.concert.id)).toEqual(['sfm_2b9d4e6c']);
    expect(page!.setlists[0]!.songs).toContain('Lantern Light');
  });

  it('answers null for a user setlist.fm does not know, and fails on a 500', async () => {
    expect(await client().attendedPage('nobody', 1)).toBeNull();
    fake.attended.set('fan', []);
    fake.failingAttendedPages.set(1, 1);
    const failure = await providerFailure(client().attendedPage('fan', 1));
    expect(failure).toMatchObject({ failure: 'http-error', status: 500 });
  });
});
