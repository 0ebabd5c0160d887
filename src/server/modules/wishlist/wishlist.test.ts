import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ConcertListItem } from '#shared/schemas/concerts';
import type { WishlistEntry } from '#shared/schemas/wishlist';
import { zonedStart } from '#shared/show-time';
import { concerts, concertWishlist, setlists } from '#server/db/schema.ts';
import { daysFromToday, type Concert } from '#server/db/seed/factories.ts';
import {
  VELVET_LANTERNS_CONCERT,
  useFakeSetlistFm,
  useFakeTicketmaster,
} from '#server/testing/fake-providers.ts';
import { apiClient } from '#server/testing/api-client.ts';
import { useTestApp } from '#server/testing/use-test-app.ts';

const ticketmaster = useFakeTicketmaster();
const setlistfm = useFakeSetlistFm();
let first: Concert;
let second: Concert;

const server = useTestApp(() => ({
  env: {
    TICKETMASTER_API_KEY: 'tm-key',
    TICKETMASTER_BASE_URL: ticketmaster.baseUrl,
    SETLISTFM_API_KEY: 'sfm-key',
    SETLISTFM_BASE_URL: setlistfm.baseUrl,
  },
  deps: {
    providerTuning: {
      ticketmaster: { timeoutMs: 750, cooldownMs: 0, burst: 100 },
      setlistfm: { timeoutMs: 750, cooldownMs: 0, burst: 100 },
    },
  },
}));
const { db, person, create } = server;

beforeAll(async () => {
  first = await create.concert({ artist: 'First Saved', date: daysFromToday(3) });
  second = await create.concert({ artist: 'Second Saved', date: daysFromToday(9) });
  await create.review({ concertId: first.id, overallRating: 4 });
  await create.review({ concertId: first.id, overallRating: 3 });
});

const rowsFor = (userId: string, concertId: string) =>
  db().$count(
    concertWishlist,
    and(eq(concertWishlist.userId, userId), eq(concertWishlist.concertId, concertId)),
  );

describe('wishlist without a session', () => {
  it.each([
    ['GET', '/api/wishlist'],
    ['POST', '/api/wishlist'],
    ['DELETE', '/api/wishlist/anything'],
    ['GET', '/api/users/me/wishlist'],
  ])('%s %s answers 401', async (method, url) => {
    const response = await apiClient(server.app).request(
      method as 'GET',
      url,
      method === 'POST' ? { concertId: 'x' } : undefined,
    );
    expect(response.status).toBe(401);
    expect(response.body).toEqual({ message: expect.any(String) });
  });
});

describe('saving concerts', () => {
  it('adds once: 201 with the entry, then 200 with the same entry', async () => {
    const { api, user } = await person();
    const added = await api.request('POST', '/api/wishlist', { concertId: first.id });
    expect(added.status).toBe(201);
    expect(added.body).toEqual({
      id: expect.any(String),
      userId: user.id,
      concertId: first.id,
      createdAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
    });
    const again = await api.request('POST', '/api/wishlist', { concertId: first.id });
    expect(again).toMatchObject({ status: 200, body: added.body });
    expect(await rowsFor(user.id, first.id)).toBe(1);
  });

  it('survives the same concert saved many times at once', async () => {
    const { api, user } = await person();
    const answers = await Promise.all(
      Array.from({ length: 6 }, () =>
        api.request('POST', '/api/wishlist', { concertId: second.id }),
      ),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, 200, 200, 200, 200, 201]);
    expect(new Set(answers.map((a) => (a.body as WishlistEntry).id)).size).toBe(1);
    expect(await rowsFor(user.id, second.id)).toBe(1);
  });

  it('lists entries and saved concerts newest first, and removes idempotently', async () => {
    const { api } = await person();
    await api.request('POST', '/api/wishlist', { concertId: first.id });
    await api.request('POST', '/api/wishlist', { concertId: second.id });

    const entries = await api.request('GET', '/api/wishlist');
    expect(entries.status).toBe(200);
    expect((entries.body as WishlistEntry[]).map((e) => e.concertId)).toEqual([
      second.id,
      first.id,
    ]);

    const saved = await api.request('GET', '/api/users/me/wishlist');
    expect(saved.status).toBe(200);
    expect(saved.body as ConcertListItem[]).toEqual([
      expect.objectContaining({ id: second.id, artist: 'Second Saved', averageRating: null }),
      {
        id: first.id,
        artist: 'First Saved',
        artistId: first.artistId,
        venue: first.venue,
        venueId: first.venueId,
        date: first.date,
        time: first.time,
        startsAt: zonedStart(first.date, first.time, first.timeZone),
        timeZone: first.timeZone,
        onSaleAt: null,
        city: first.city,
        price: first.price,
        genre: first.genre,
        imageUrl: first.imageUrl,
        ticketUrl: first.ticketUrl,
        setlistUrl: null,
        averageRating: 3.5,
      },
    ]);

    expect(await api.request('DELETE', `/api/wishlist/${second.id}`)).toMatchObject({
      status: 204,
      body: null,
    });
    expect((await api.request('DELETE', `/api/wishlist/${second.id}`)).status).toBe(204);
    expect((await api.request('DELETE', '/api/wishlist/never-saved')).status).toBe(204);
    const after = await api.request('GET', '/api/wishlist');
    expect((after.body as WishlistEntry[]).map((e) => e.concertId)).toEqual([first.id]);
  });

  it('keeps one person’s wishlist from another', async () => {
    const alice = await person();
    const bob = await person();
    await alice.api.request('POST', '/api/wishlist', { concertId: first.id });
    expect((await bob.api.request('GET', '/api/wishlist')).body).toEqual([]);
    expect((await bob.api.request('GET', '/api/users/me/wishlist')).body).toEqual([]);
    await bob.api.request('DELETE', `/api/wishlist/${first.id}`);
    expect(await rowsFor(alice.user.id, first.id)).toBe(1);
  });

  it('answers 404 for an unknown concert and 400 without a concertId', async () => {
    const { api } = await person();
    expect(
      await api.request('POST', '/api/wishlist', { concertId: 'no-such-concert' }),
    ).toMatchObject({
      status: 404,
      body: { message: 'Concert not found' },
    });
    expect((await api.request('POST', '/api/wishlist', { concertId: 'tm_unknown' })).status).toBe(
      404,
    );
    expect((await api.request('POST', '/api/wishlist', { concertId: 'sfm_ffffffff' })).status).toBe(
      404,
    );
    const bad = await api.request<{ message: string }>('POST', '/api/wishlist', {});
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain("'concertId'");
  });
});

describe('saving provider concerts', () => {
  it('imports a Ticketmaster concert from Ticketmaster, never from what the client sent', async () => {
    const { api, user } = await person();
    const added = await api.request('POST', '/api/wishlist', {
      concertId: 'tm_vvG1IZ94kQpXa7',
      artist: 'Made Up',
      price: '$1',
    });
    expect(added.status).toBe(201);
    const [row] = await db().select().from(concerts).where(eq(concerts.id, 'tm_vvG1IZ94kQpXa7'));
    expect(row).toMatchObject({
      ...VELVET_LANTERNS_CONCERT,
      imageUrl: expect.stringContaining('TABLET_LANDSCAPE_LARGE_16_9'),
      ticketUrl: expect.stringContaining('ticketmaster.com'),
      description: expect.stringContaining('Doors open one hour before showtime.'),
    });
    expect(await rowsFor(user.id, 'tm_vvG1IZ94kQpXa7')).toBe(1);

    // Someone else saving it later uses the stored concert.
    const before = ticketmaster.requests.length;
    const other = await person();
    expect(
      (await other.api.request('POST', '/api/wishlist', { concertId: 'tm_vvG1IZ94kQpXa7' })).status,
    ).toBe(201);
    expect(ticketmaster.requests).toHaveLength(before);
    const detail = await other.api.request('GET', '/api/concerts/tm_vvG1IZ94kQpXa7');
    expect(detail.body).toMatchObject({ artist: 'The Velvet Lanterns', isWishlisted: true });
  });

  it('imports a setlist.fm concert with its setlist', async () => {
    const { api } = await person();
    // Before anyone saves it, its page comes straight from setlist.fm.
    const preview = await api.request('GET', '/api/concerts/sfm_4bf6a2d3');
    expect(preview).toMatchObject({
      status: 200,
      body: expect.objectContaining({
        id: 'sfm_4bf6a2d3',
        artist: 'The Velvet Lanterns',
        setlistUrl: expect.stringContaining('setlist.fm/setlist/'),
        reviewCount: 0,
        isWishlisted: false,
      }),
    });
    expect((await api.request('POST', '/api/wishlist', { concertId: 'sfm_4bf6a2d3' })).status).toBe(
      201,
    );
    const [row] = await db().select().from(concerts).where(eq(concerts.id, 'sfm_4bf6a2d3'));
    expect(row).toMatchObject({
      artist: 'The Velvet Lanterns',
      venue: 'Lakeshore Sound Hall',
      city: 'Chicago',
      date: '2026-07-18',
      ticketUrl: null,
    });
    const [setlist] = await db()
      .select()
      .from(setlists)
      .where(eq(setlists.concertId, 'sfm_4bf6a2d3'));
    expect(setlist).toMatchObject({
      songs: expect.arrayContaining(['Lantern Light', 'Midnight Orchard']),
      encoreSongs: ['Ember & Ash', 'The Long Way Home'],
      source: expect.stringContaining('setlist.fm/setlist/the-velvet-lanterns'),
    });
    const saved = await api.request('GET', '/api/users/me/wishlist');
    expect(saved.body).toEqual([
      expect.objectContaining({ id: 'sfm_4bf6a2d3', setlistUrl: setlist!.source }),
    ]);
    expect((await api.request('GET', '/api/concerts/sfm_4bf6a2d3')).body).toMatchObject({
      isWishlisted: true,
    });
  });

  it('answers 503 and stores nothing when the provider fails', async () => {
    const { api, user } = await person();
    ticketmaster.behaviour = 'slow';
    ticketmaster.slowMs = 5000;
    const failed = await api.request('POST', '/api/wishlist', { concertId: 'tm_G5v0Z9xK3mTbQ' });
    expect(failed.status).toBe(503);
    expect(failed.body).toEqual({ message: expect.stringContaining('Ticketmaster') });
    const stored = await db().select().from(concerts).where(eq(concerts.id, 'tm_G5v0Z9xK3mTbQ'));
    expect(stored).toEqual([]);
    expect(await rowsFor(user.id, 'tm_G5v0Z9xK3mTbQ')).toBe(0);
  });
});
