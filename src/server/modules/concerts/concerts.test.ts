import { beforeAll, describe, expect, it } from 'vitest';
import { zonedStart } from '#shared/show-time';
import {
  CONCERT_TOTAL_CAP,
  parseTotalCount,
  TOTAL_COUNT_HEADER,
  totalCountValue,
  type ConcertDetail,
  type ConcertListItem,
} from '#shared/schemas/concerts';
import { setlists } from '#server/db/schema.ts';
import { daysFromToday, type Concert, type NewConcert } from '#server/db/seed/factories.ts';
import { useTestApp } from '#server/testing/use-test-app.ts';
import { countConcerts } from './queries.ts';
import { compareConcerts, mergeWindow } from './service.ts';
import { apiClient } from '#server/testing/api-client.ts';

const server = useTestApp();
const { db, create } = server;
const made: Record<string, Concert> = {};

const ratings = (overall: number, rest = overall) => ({
  overallRating: overall,
  performanceRating: rest,
  soundRating: rest,
  venueRating: rest,
  valueRating: rest,
});

beforeAll(async () => {
  const add = async (key: string, values: Partial<NewConcert>) => {
    made[key] = await create.concert(values);
  };
  await add('past', {
    artist: 'Yesterday Echo',
    venue: 'Old Hall',
    city: 'Chicago',
    genre: 'rock',
    date: daysFromToday(-1),
  });
  await add('today', {
    artist: 'Tonight Lights',
    venue: 'Metro',
    city: 'Chicago',
    genre: 'rock',
    date: daysFromToday(0),
  });
  await add('hiphop', {
    artist: 'Rhyme Theory',
    venue: 'The Wiltern',
    city: 'Los Angeles',
    genre: 'hip-hop',
    date: daysFromToday(1),
  });
  await add('jazz', {
    artist: 'Zed Quintet',
    venue: 'Blue Note',
    city: 'New York',
    genre: 'jazz',
    date: daysFromToday(5),
  });
  await add('pop', {
    artist: 'Able Sparks',
    venue: 'Riviera Theatre',
    city: 'Chicago',
    genre: 'pop',
    date: daysFromToday(5),
  });
  await add('indie', {
    artist: 'Percent 100% Club',
    venue: 'Under_score Hall',
    city: 'Austin',
    genre: 'indie',
    date: daysFromToday(10),
  });
  await add('classical', {
    artist: 'Mile High Strings',
    venue: 'Boettcher Hall',
    city: 'Denver',
    genre: 'classical',
    date: daysFromToday(30),
  });
  await add('rockLa', {
    artist: 'Canyon Drive',
    venue: 'The Roxy',
    city: 'Los Angeles',
    genre: 'rock',
    date: daysFromToday(12),
  });
  await add('chicagoHipHop', {
    artist: 'Windy Verses',
    venue: 'Metro',
    city: 'Chicago',
    genre: 'hip-hop',
    date: daysFromToday(14),
  });

  // Reviews: Rhyme Theory 5 and 4 → 4.5; the past show has one.
  const fans = await Promise.all([create.user(), create.user(), create.user()]);
  await create.review({ userId: fans[0]!.id, concertId: made.hiphop!.id, ...ratings(5, 4) });
  await create.review({ userId: fans[1]!.id, concertId: made.hiphop!.id, ...ratings(4, 3) });
  await create.review({ userId: fans[2]!.id, concertId: made.past!.id, ...ratings(3) });
  await db()
    .insert(setlists)
    .values({
      concertId: made.jazz!.id,
      songs: ['Take Five'],
      source: 'https://www.setlist.fm/setlist/zed-quintet/blue-note.html',
    });
});

const get = <T = unknown>(path: string) => apiClient(server.app).get<T>(path);
const list = async (query = '') => {
  const { status, body } = await get<ConcertListItem[]>(`/api/concerts${query}`);
  expect(status).toBe(200);
  return body;
};
const artists = async (query = '') => (await list(query)).map((c) => c.artist);

/** What every shape of the hip-hop concert shows of it. */
const hiphopCard = () => ({
  id: made.hiphop!.id,
  artist: 'Rhyme Theory',
  artistId: made.hiphop!.artistId,
  venue: 'The Wiltern',
  venueId: made.hiphop!.venueId,
  date: daysFromToday(1),
  time: made.hiphop!.time,
  // The written time on the venue's clock, as an instant.
  startsAt: zonedStart(daysFromToday(1), made.hiphop!.time ?? null, 'America/Los_Angeles'),
  timeZone: 'America/Los_Angeles',
  // Not a provider's: no sale date known.
  onSaleAt: null,
  city: 'Los Angeles',
  price: made.hiphop!.price,
  genre: 'hip-hop',
  imageUrl: made.hiphop!.imageUrl,
  ticketUrl: made.hiphop!.ticketUrl,
});
describe('GET /api/concerts', () => {
  it('lists from today on (today included, the past left out) by date, then artist', async () => {
    expect(await artists()).toEqual([
      'Tonight Lights',
      'Rhyme Theory',
      'Able Sparks',
      'Zed Quintet',
      'Percent 100% Club',
      'Canyon Drive',
      'Windy Verses',
      'Mile High Strings',
    ]);
  });

  it('answers the list shape with the average rating and the setlist link', async () => {
    const concerts = await list();
    const hiphop = concerts.find((c) => c.id === made.hiphop!.id);
    expect(hiphop).toEqual({
      ...hiphopCard(),
      setlistUrl: null,
      averageRating: 4.5,
    });
    const jazz = concerts.find((c) => c.id === made.jazz!.id);
    expect(jazz).toMatchObject({
      averageRating: null,
      setlistUrl: 'https://www.setlist.fm/setlist/zed-quintet/blue-note.html',
    });
  });

  it.each([
    ['?city=chicago', ['Tonight Lights', 'Able Sparks', 'Windy Verses']],
    ['?city=los-angeles', ['Rhyme Theory', 'Canyon Drive']],
    ['?genre=hip-hop', ['Rhyme Theory', 'Windy Verses']],
    ['?genre=indie', ['Percent 100% Club']],
    // Partial, case-insensitive, over artist, venue, city and genre.
    ['?search=QUINT', ['Zed Quintet']],
    ['?search=wiltern', ['Rhyme Theory']],
    ['?search=angeles', ['Rhyme Theory', 'Canyon Drive']],
    ['?search=classic', ['Mile High Strings']],
    // Genre names as people type them.
    ['?search=Hip%20Hop', ['Rhyme Theory', 'Windy Verses']],
    ['?search=indie%20rock', ['Percent 100% Club']],
    ['?search=nothing-like-this', []],
    // %, _ and \ are searched for, not wildcards.
    ['?search=%25', ['Percent 100% Club']],
    ['?search=_', ['Percent 100% Club']],
    ['?search=%5C', []],
  ])('filters %s', async (query, expected) => {
    expect(await artists(query)).toEqual(expected);
  });

  it('takes a date range: startDate replaces today, endDate is inclusive', async () => {
    expect(await artists(`?startDate=${daysFromToday(-1)}&endDate=${daysFromToday(1)}`)).toEqual([
      'Yesterday Echo',
      'Tonight Lights',
      'Rhyme Theory',
    ]);
    expect(await artists(`?startDate=${daysFromToday(5)}&endDate=${daysFromToday(5)}`)).toEqual([
      'Able Sparks',
      'Zed Quintet',
    ]);
    expect(await artists(`?startDate=${daysFromToday(12)}`)).toEqual([
      'Canyon Drive',
      'Windy Verses',
      'Mile High Strings',
    ]);
    expect(await artists(`?endDate=${daysFromToday(0)}`)).toEqual(['Tonight Lights']);
  });

  it('combines filters', async () => {
    expect(await artists('?city=chicago&genre=hip-hop&search=verse')).toEqual(['Windy Verses']);
    expect(await artists('?city=chicago&genre=hip-hop&search=metro')).toEqual(['Windy Verses']);
    expect(await artists('?city=chicago&genre=rock&search=metro')).toEqual(['Tonight Lights']);
    expect(await artists('?city=chicago&genre=jazz')).toEqual([]);
    expect(
      await artists(
        `?city=chicago&search=metro&startDate=${daysFromToday(1)}&endDate=${daysFromToday(20)}`,
      ),
    ).toEqual(['Windy Verses']);
    expect(await artists('?search=&genre=&city=')).toHaveLength(8);
  });

  it.each([
    ['', 8],
    ['?limit=2', 8],
    ['?limit=2&offset=6', 8],
    ['?offset=50', 8],
    ['?city=chicago', 3],
    ['?city=chicago&genre=hip-hop', 1],
    ['?search=angeles', 2],
    [`?startDate=${daysFromToday(5)}&endDate=${daysFromToday(5)}`, 2],
    ['?city=chicago&genre=jazz', 0],
  ])('says the total found over all pages in a header (%s: %d)', async (query, total) => {
    const { status, headers } = await get(`/api/concerts${query}`);
    expect(status).toBe(200);
    expect(headers[TOTAL_COUNT_HEADER]).toBe(String(total));
  });

  it('stops counting past the cap', async () => {
    const filters = { startDate: daysFromToday(0) };
    expect(await countConcerts(db(), filters, 100)).toBe(8);
    // More than the cap: cap + 1, read as "more than cap".
    expect(await countConcerts(db(), filters, 3)).toBe(4);
    expect(totalCountValue(CONCERT_TOTAL_CAP + 1)).toBe(`${CONCERT_TOTAL_CAP}+`);
    expect(parseTotalCount(`${CONCERT_TOTAL_CAP}+`)).toEqual({
      count: CONCERT_TOTAL_CAP,
      more: true,
    });
    expect(parseTotalCount('124')).toEqual({ count: 124, more: false });
    expect(parseTotalCount('lots')).toBeNull();
  });

  it.each([
    ['?city=paris', 'city'],
    ['?genre=metal', 'genre'],
    ['?startDate=2026-02-30', 'startDate'],
    ['?startDate=2026-13-01', 'startDate'],
    ['?startDate=01/02/2026', 'startDate'],
    ['?endDate=tomorrow', 'endDate'],
    ['?startDate=2026-06-10&endDate=2026-06-09', 'endDate'],
    ['?limit=0', 'limit'],
    ['?limit=101', 'limit'],
    ['?offset=-1', 'offset'],
    ['?includeTicketmaster=yes', 'includeTicketmaster'],
  ])('refuses %s with a 400 naming %s', async (query, field) => {
    const { status, body } = await get<{ message: string }>(`/api/concerts${query}`);
    expect(status).toBe(400);
    expect(body.message).toContain(`'${field}'`);
  });

  it('pages without duplicates or gaps, ties broken by id', async () => {
    const day = daysFromToday(20);
    // Same date and artist: only the id orders them.
    for (let i = 0; i < 5; i += 1)
      await create.concert({ artist: 'Twin Shows', date: day, city: 'Seattle' });
    const all = await list('?limit=100');
    expect(all.length).toBe(13);
    const sorted = [...all].sort(compareConcerts);
    expect(all.map((c) => c.id)).toEqual(sorted.map((c) => c.id));

    for (const size of [1, 3, 5]) {
      const walked: string[] = [];
      for (let offset = 0; ; offset += size) {
        const page = await list(`?limit=${size}&offset=${offset}`);
        walked.push(...page.map((c) => c.id));
        if (page.length < size) break;
      }
      expect(walked).toEqual(all.map((c) => c.id));
    }
    expect(await list('?offset=13')).toEqual([]);
  });

  it('answers local concerts when Ticketmaster is asked for but off', async () => {
    expect(await artists('?includeTicketmaster=true&city=los-angeles')).toEqual([
      'Rhyme Theory',
      'Canyon Drive',
    ]);
  });

  it('defaults to 24 concerts a page', async () => {
    for (let i = 0; i < 20; i += 1) await create.concert({ date: daysFromToday(40 + i) });
    expect(await list()).toHaveLength(24);
  });
});

describe('GET /api/concerts/{id}', () => {
  it('answers the concert with its rating averages and review count, not wishlisted when signed out', async () => {
    const { status, body } = await get<ConcertDetail>(`/api/concerts/${made.hiphop!.id}`);
    expect(status).toBe(200);
    expect(body).toEqual({
      ...hiphopCard(),
      description: made.hiphop!.description,
      presales: [],
      setlistUrl: null,
      averageRating: 4.5,
      reviewCount: 2,
      averageRatings: { overall: 4.5, performance: 3.5, sound: 3.5, venue: 3.5, value: 3.5 },
      isWishlisted: false,
      viewerReviewId: null,
      viewerAttendance: null,
    });
  });

  it('has no averages for a concert nobody reviewed', async () => {
    const { body } = await get<ConcertDetail>(`/api/concerts/${made.jazz!.id}`);
    expect(body).toMatchObject({
      reviewCount: 0,
      averageRatings: null,
      averageRating: null,
      setlistUrl: 'https://www.setlist.fm/setlist/zed-quintet/blue-note.html',
    });
  });

  it('says whether the signed-in viewer saved it', async () => {
    const { user, api } = await server.person();
    await create.wishlistEntry({ userId: user.id, concertId: made.pop!.id });
    expect((await api.get(`/api/concerts/${made.pop!.id}`)).body).toMatchObject({
      isWishlisted: true,
    });
    expect((await api.get(`/api/concerts/${made.jazz!.id}`)).body).toMatchObject({
      isWishlisted: false,
    });
  });

  it('names the signed-in viewer’s own review of it, and nobody else’s', async () => {
    const { user, api } = await server.person();
    const other = await server.person();
    const review = await create.review({ userId: user.id, concertId: made.jazz!.id });
    expect((await api.get(`/api/concerts/${made.jazz!.id}`)).body).toMatchObject({
      viewerReviewId: review.id,
    });
    expect((await other.api.get(`/api/concerts/${made.jazz!.id}`)).body).toMatchObject({
      viewerReviewId: null,
    });
    expect((await get(`/api/concerts/${made.jazz!.id}`)).body).toMatchObject({
      viewerReviewId: null,
    });
  });

  it.each([
    '/api/concerts/no-such-concert',
    '/api/concerts/tm_vvG1IZ94kQpXa7',
    '/api/concerts/sfm_4bf6a2d3',
    '/api/ticketmaster/events/tm_vvG1IZ94kQpXa7',
  ])('answers 404 Concert not found for %s (providers off)', async (path) => {
    expect(await get(path)).toMatchObject({ status: 404, body: { message: 'Concert not found' } });
  });

  it('answers only tm_ ids on the Ticketmaster route', async () => {
    expect((await get(`/api/ticketmaster/events/${made.hiphop!.id}`)).status).toBe(404);
  });
});

describe('mergeWindow', () => {
  const item = (date: string, artist: string, id: string) => ({ date, artist, id });
  const local = Array.from({ length: 30 }, (_, i) =>
    item(
      `2026-12-${String((i % 28) + 1).padStart(2, '0')}`,
      `L${i % 4}`,
      `l${String(i).padStart(2, '0')}`,
    ),
  ).sort(compareConcerts);
  const provider = Array.from({ length: 12 }, (_, i) =>
    item(`2026-12-${String(((i * 5) % 28) + 1).padStart(2, '0')}`, `P${i % 3}`, `tm_${i}`),
  ).sort(compareConcerts);
  const merged = [...local, ...provider].sort(compareConcerts);

  it('cuts every page out of the one merged sequence, from any window start it is given', () => {
    for (const limit of [1, 4, 7]) {
      for (let offset = 0; offset <= merged.length + 2; offset += 1) {
        const localStart = Math.max(0, offset - provider.length);
        const window = local.slice(localStart, offset + limit);
        const expected = merged.slice(offset, offset + limit);
        const page =
          window.length === 0 && localStart > 0
            ? mergeWindow(local.slice(0, offset + limit), 0, provider, { offset, limit })
            : mergeWindow(window, localStart, provider, { offset, limit });
        expect(page).toEqual(expected);
      }
    }
  });
});
