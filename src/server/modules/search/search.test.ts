/**
 * GET /api/search: the forgiving cases of issue #42, one row each, and the misses that must
 * stay misses, on the database the suite runs on (PGlite, and PostgreSQL in api-postgres).
 */
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { SearchGroups, SearchPage } from '#shared/schemas/search';
import { artists, blocks } from '#server/db/schema.ts';
import { daysFromToday } from '#server/db/seed/factories.ts';
import { apiClient } from '#server/testing/api-client.ts';
import { useTestApp } from '#server/testing/use-test-app.ts';

const server = useTestApp();
const { create, db } = server;

/** Artists whose names the cases are about, with a show each (which makes the artist). */
const NAMES = [
  'Beyoncé',
  'Sigur Rós',
  'Mötley Crüe',
  'AC/DC',
  "Guns N' Roses",
  'Metallica',
  'Radiohead',
  'Radical Face',
  'Brad Paisley',
  'Conrad Sewell',
  'Simon & Garfunkel',
];

beforeAll(async () => {
  for (const [n, artist] of NAMES.entries()) {
    await create.concert({
      artist,
      venue: n === 0 ? 'Café de la Danse' : `Hall ${n}`,
      city: n === 0 ? 'Paris' : 'Springfield',
      date: daysFromToday(10 + n),
    });
  }
  // Among equal matches, the most followed first.
  await db().update(artists).set({ followerCount: 50 }).where(eq(artists.name, 'Radical Face'));
});

const anyone = () => apiClient(server.app);
const artistsFound = async (q: string) => {
  const answer = await anyone().get<SearchGroups>(`/api/search?q=${encodeURIComponent(q)}`);
  expect(answer.status, q).toBe(200);
  return answer.body.artists.map((artist) => artist.name);
};

describe('GET /api/search forgives', () => {
  it.each([
    ['case and accents', 'beyonce', 'Beyoncé'],
    ['accents of several words', 'sigur ros', 'Sigur Rós'],
    ['umlauts', 'motley crue', 'Mötley Crüe'],
    ['a slash left out', 'acdc', 'AC/DC'],
    ['a slash as a space', 'ac dc', 'AC/DC'],
    ['"and" for "N\'"', 'guns and roses', "Guns N' Roses"],
    ['"n" without its apostrophe', 'guns n roses', "Guns N' Roses"],
    ['"and" for "&"', 'simon and garfunkel', 'Simon & Garfunkel'],
    ['"&" for "&"', 'Simon & Garfunkel', 'Simon & Garfunkel'],
    ['a letter missing', 'metalica', 'Metallica'],
    ['a letter missing at the end', 'radiohed', 'Radiohead'],
    ['words in another order', 'ros sigur', 'Sigur Rós'],
    ['shouting', 'METALLICA', 'Metallica'],
  ])('%s: “%s” finds %s first', async (_case, q, name) => {
    expect((await artistsFound(q))[0]).toBe(name);
  });

  it('finds as one types: a prefix, the most followed of equal matches first', async () => {
    expect(await artistsFound('radi')).toEqual(['Radical Face', 'Radiohead']);
  });

  it('keeps misses missed: "rad" lists only names with a word starting so, nonsense nothing', async () => {
    expect((await artistsFound('rad')).sort()).toEqual(['Radical Face', 'Radiohead']);
    expect(await artistsFound('ra')).toEqual(expect.arrayContaining(['Radical Face', 'Radiohead']));
    expect(await artistsFound('ra')).not.toContain('Brad Paisley');
    expect(await artistsFound('zzqx')).toEqual([]);
  });

  it('puts an exact name before a name that only starts with it', async () => {
    await create.concert({ artist: 'Metallica Tribute Night', date: daysFromToday(30) });
    expect((await artistsFound('metallica')).slice(0, 2)).toEqual([
      'Metallica',
      'Metallica Tribute Night',
    ]);
  });

  it('finds venues by name and city, and concerts by artist, venue or city', async () => {
    const { body } = await anyone().get<SearchGroups>('/api/search?q=cafe%20de%20la%20danse');
    expect(body.venues[0]).toMatchObject({ name: 'Café de la Danse', city: 'Paris' });
    expect(body.concerts[0]).toMatchObject({ artist: 'Beyoncé', venue: 'Café de la Danse' });
    const byArtist = await anyone().get<SearchGroups>('/api/search?q=beyonce%20paris');
    expect(byArtist.body.concerts[0]).toMatchObject({ artist: 'Beyoncé' });
  });
});

describe('GET /api/search pages and groups', () => {
  it('answers at most 5 of each group, and one group a page at a time with a cursor', async () => {
    for (let n = 0; n < 7; n++) {
      await create.concert({ artist: `Paging Band ${n}`, date: daysFromToday(40 + n) });
    }
    const groups = await anyone().get<SearchGroups>('/api/search?q=paging%20band');
    expect(groups.body.artists).toHaveLength(5);
    expect(groups.body.people).toEqual([]);

    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const path: string = `/api/search?q=paging%20band&type=artists&limit=3${cursor ? `&cursor=${cursor}` : ''}`;
      const page = await anyone().get<SearchPage>(path);
      expect(page.status).toBe(200);
      expect(page.body.type).toBe('artists');
      seen.push(...page.body.items.map((item) => ('name' in item ? item.name : '')));
      cursor = page.body.nextCursor;
    } while (cursor);
    expect(new Set(seen).size).toBe(7);
  });

  it.each([
    ['an empty text', '', /q must not be empty/],
    ['only spaces', '%20%20', /q must not be empty/],
    ['punctuation alone', '%21%3F', /letter or a digit/],
    ['more than 100 characters', 'a'.repeat(101), /at most 100/],
    ['a made-up group', 'abc&type=songs', /type/],
    ['a cursor not from a page', 'abc&type=artists&cursor=-1', /cursor/],
  ])('refuses %s with a 400 naming it', async (_case, q, message) => {
    const answer = await anyone().get<{ message: string }>(`/api/search?q=${q}`);
    expect(answer.status).toBe(400);
    expect(answer.body.message).toMatch(message);
  });
});

describe('GET /api/search and people', () => {
  it('finds people only for a signed-in viewer, by name forgiving accents, never one who blocked them', async () => {
    const zoe = await create.user({ firstName: 'Zoë', lastName: 'Kravitzky', username: 'zoek' });
    const hidden = await create.user({ firstName: 'Zoe', lastName: 'Kravitzka', isPrivate: true });
    const blocker = await create.user({ firstName: 'Zoe', lastName: 'Kravitzko' });
    const { user: me, api } = await server.person();
    await db().insert(blocks).values({ blockerId: blocker.id, blockedId: me.id });

    const found = await api.get<SearchGroups>('/api/search?q=zoe%20kravitz');
    expect(found.status).toBe(200);
    const ids = found.body.people.map((person) => person.id);
    expect(ids).toContain(zoe.id);
    // Private people are found by name, as in Find Friends.
    expect(ids).toContain(hidden.id);
    expect(ids).not.toContain(blocker.id);

    const signedOut = await anyone().get<SearchGroups>('/api/search?q=zoe%20kravitz');
    expect(signedOut.body.people).toEqual([]);
    const peoplePage = await anyone().get<{ message: string }>(
      '/api/search?q=zoe%20kravitz&type=people',
    );
    expect(peoplePage.status).toBe(401);
    expect(peoplePage.body.message).toBe('Sign in to search for people');
  });
});
