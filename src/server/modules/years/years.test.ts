/**
 * Year in review: the year's figures from a person's reviews and the concerts' sums, who
 * may read it (404 otherwise), and the link-preview tags of the page's HTML (the picture's
 * own tests are in year-images.test.ts).
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { YearInReview } from '#shared/schemas/years';
import { userSettings } from '#server/db/schema.ts';
import type { NewUser } from '#server/db/seed/factories.ts';
import { apiClient, signInAs } from '#server/testing/api-client.ts';
import { useTestApp } from '#server/testing/use-test-app.ts';

let clientDir: string;
beforeAll(async () => {
  clientDir = await mkdtemp(path.join(os.tmpdir(), 'encore-client-'));
  await writeFile(
    path.join(clientDir, 'index.html'),
    '<!doctype html><html><head><title>Encore</title></head><body></body></html>',
  );
});
afterAll(() => rm(clientDir, { recursive: true, force: true }));

const server = useTestApp(() => ({ deps: { clientDir } }));
const { db, create } = server;

const anonymous = () => apiClient(server.app);
const yearOf = (username: string, year: number) => `/api/users/username/${username}/year/${year}`;

const ratings = (overall: number, aspect: number) => ({
  overallRating: overall,
  performanceRating: aspect,
  soundRating: aspect,
  venueRating: aspect,
  valueRating: aspect,
});

/** A person with four shows in 2021 (two of one artist), one in 2019, and one review written in 2022. */
async function personWithShows(username: string, fields: Partial<NewUser> = {}) {
  const user = await create.user({ username, ...fields });
  const show = async (
    date: string,
    artist: string,
    venue: string,
    city: string,
    overall: number,
    aspect: number,
    createdAt = new Date(`${date}T23:00:00Z`),
  ) => {
    const concert = await create.concert({ date, artist, venue, city });
    await create.review({
      userId: user.id,
      concertId: concert.id,
      ...ratings(overall, aspect),
      createdAt,
    });
    return concert;
  };
  await show('2021-02-10', `${username} Band`, 'Hall A', 'Austin', 4, 3);
  const top = await show('2021-02-20', 'Other Act', 'Hall B', 'Austin', 5, 5);
  await show('2021-07-04', `${username} Band`, 'Hall A', 'Austin', 3, 4);
  // As high as the top show, but later: the earlier one stays the top show.
  await show('2021-11-30', 'Third Act', 'Club C', 'Denver', 5, 2, new Date('2022-01-03T10:00:00Z'));
  await show('2019-05-05', 'Old Act', 'Club C', 'Denver', 2, 2);
  return { user, top };
}

describe('GET /api/users/username/{username}/year/{year}', () => {
  it("counts a person's shows, artists, venues, cities and months, and finds the top show and most-seen artist", async () => {
    const { top } = await personWithShows('yeara');
    const { status, body } = await anonymous().get<YearInReview>(yearOf('YearA', 2021));
    expect(status).toBe(200);
    expect(body).toMatchObject({
      year: 2021,
      user: { username: 'yeara' },
      showsAttended: 4,
      // Written in 2021: the last show's review was written in 2022.
      showsReviewed: 3,
      artists: 3,
      venues: 3,
      cities: 2,
      months: [0, 2, 0, 0, 0, 0, 1, 0, 0, 0, 1, 0],
      averages: { overall: 4.25, performance: 3.5, sound: 3.5, venue: 3.5, value: 3.5 },
      topShow: { id: top.id, artist: 'Other Act', date: '2021-02-20', overallRating: 5 },
      mostSeenArtist: { name: 'yeara Band', shows: 2 },
      years: [2021, 2019],
      isPublic: true,
    });
  });

  it("compares the person's averages with everyone's reviews of that year's concerts", async () => {
    const user = await create.user({ username: 'yearcomm' });
    const concert = await create.concert({ date: '2003-06-01' });
    const other = await create.concert({ date: '2003-08-01' });
    const outside = await create.concert({ date: '2004-01-01' });
    await create.review({ userId: user.id, concertId: concert.id, ...ratings(5, 5) });
    await create.review({ concertId: concert.id, ...ratings(3, 2) });
    await create.review({ concertId: other.id, ...ratings(1, 2) });
    await create.review({ concertId: outside.id, ...ratings(1, 1) });
    const { body } = await anonymous().get<YearInReview>(yearOf('yearcomm', 2003));
    expect(body.averages).toEqual({ overall: 5, performance: 5, sound: 5, venue: 5, value: 5 });
    expect(body.communityAverages).toEqual({
      overall: 3,
      performance: 3,
      sound: 3,
      venue: 3,
      value: 3,
    });
  });

  it('answers an empty year with zeros and nothing to compare', async () => {
    await personWithShows('yearempty');
    const { status, body } = await anonymous().get<YearInReview>(yearOf('yearempty', 1990));
    expect(status).toBe(200);
    expect(body).toMatchObject({
      showsAttended: 0,
      showsReviewed: 0,
      artists: 0,
      months: Array(12).fill(0),
      averages: null,
      communityAverages: null,
      topShow: null,
      mostSeenArtist: null,
    });
  });

  it('refuses a year that is not one with a 400', async () => {
    await create.user({ username: 'yearbad' });
    for (const year of ['abc', '1800', '2024.5']) {
      const { status, body } = await anonymous().get<{ message: string }>(
        `/api/users/username/yearbad/year/${year}`,
      );
      expect(status, year).toBe(400);
      expect(body.message).toMatch(/year/);
    }
  });

  it.each([
    ['a private account', { isPrivate: true }, false],
    ['concert history switched off', {}, true],
  ] as const)(
    'with %s: 404 to others, the year to its owner',
    async (_name, fields, hideHistory) => {
      const username = hideHistory ? 'yearhidden' : 'yearprivate';
      const { user } = await personWithShows(username, fields);
      if (hideHistory) {
        await db().insert(userSettings).values({ userId: user.id, showConcertHistory: false });
      }
      expect((await anonymous().get(yearOf(username, 2021))).status).toBe(404);
      const stranger = await signInAs(server, (await create.user()).id);
      const refused = await stranger.get<{ message: string }>(yearOf(username, 2021));
      expect(refused.status).toBe(404);
      expect(refused.body.message).toBe('User not found');
      expect((await stranger.get(`/api/users/username/${username}/years`)).status).toBe(404);

      const owner = await signInAs(server, user.id);
      const own = await owner.get<YearInReview>(yearOf(username, 2021));
      expect(own.status).toBe(200);
      expect(own.body.showsAttended).toBe(4);
      expect(own.body.isPublic).toBe(false);
    },
  );

  it('answers 404 for nobody', async () => {
    expect((await anonymous().get(yearOf('nobody-here', 2021))).status).toBe(404);
  });

  it('lists the years with shows, newest first', async () => {
    await personWithShows('yearlist');
    const { body } = await anonymous().get<{ years: number[] }>(
      '/api/users/username/yearlist/years',
    );
    expect(body.years).toEqual([2021, 2019]);
  });
});

describe('the year page as the server sends it', () => {
  const asPage = { headers: { accept: 'text/html' } };
  const page = (url: string) => anonymous().get(url, asPage);

  it("names a public year's picture and title in Open Graph tags, escaped", async () => {
    await personWithShows('yearog', { firstName: 'Ana <b>"&', lastName: 'Ok' });
    const response = await page('/users/yearog/year/2021');
    expect(response.status).toBe(200);
    expect(response.text).toContain(
      `<meta property="og:image" content="${server.url}/api/users/username/yearog/year/2021/image.png">`,
    );
    expect(response.text).toContain(
      '<meta property="og:title" content="Ana &lt;b&gt;&quot;&amp; Ok&#39;s 2021 in concerts">',
    );
    expect(response.text.indexOf('og:image')).toBeLessThan(response.text.indexOf('</head>'));
  });

  it('has no preview tags for a private year, which answers 404, the app still in it for its owner', async () => {
    const { user } = await personWithShows('yearogprivate', { isPrivate: true });
    const response = await page('/users/yearogprivate/year/2021');
    expect(response.status).toBe(404);
    expect(response.text).toContain('<title>Encore</title>');
    expect(response.text).not.toContain('og:image');

    const owner = await signInAs(server, user.id);
    const own = await owner.get('/users/yearogprivate/year/2021', asPage);
    expect(own.status).toBe(404);
    expect(own.text).toContain('<title>Encore</title>');
    expect(own.text).not.toContain('og:image');
  });

  it('names no picture for a year without shows, which has none', async () => {
    await personWithShows('yearogempty');
    const response = await page('/users/yearogempty/year/1990');
    expect(response.status).toBe(200);
    expect(response.text).toContain(
      '<meta property="og:description" content="No shows in 1990 yet">',
    );
    expect(response.text).not.toContain('og:image');
    expect(response.text).toContain('<meta name="twitter:card" content="summary">');
  });

  it('leaves other pages as built', async () => {
    // A profile carries its own preview (modules/link-previews); its follower list none.
    const response = await page('/users/yearog/followers');
    expect(response.status).toBe(200);
    expect(response.text).not.toContain('og:');
  });
});
