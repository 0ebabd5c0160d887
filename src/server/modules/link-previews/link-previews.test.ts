/**
 * Shared links: the HTML of a concert, a review, an artist, a venue and a profile carries
 * preview tags, and the public reads behind the signed-out pages (a single review, a
 * concert's reviews) follow the rules of privacy and blocks for every kind of viewer. A
 * preview, whoever fetched it, shows only what someone signed out may see.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Review } from '#shared/schemas/reviews';
import { daysFromToday } from '#server/db/seed/factories.ts';
import { apiClient, type ApiClient } from '#server/testing/api-client.ts';
import { NO_SUCH_ID, useTestApp } from '#server/testing/use-test-app.ts';

let clientDir: string;
beforeAll(async () => {
  clientDir = await mkdtemp(path.join(os.tmpdir(), 'encore-client-'));
  await writeFile(
    path.join(clientDir, 'index.html'),
    '<!doctype html><html><head><title>Encore</title></head><body><div id="root"></div></body></html>',
  );
});
afterAll(() => rm(clientDir, { recursive: true, force: true }));

const server = useTestApp(() => ({ deps: { clientDir } }));
const { person, create } = server;

const SECRET_TEXT = 'Only my followers should read this secret review of the night';
const SECRET_PHOTO = 'https://images.example.com/secret-photo.jpg';
const OPEN_TEXT = 'Everyone may read this: the encore went on for half an hour';
const OPEN_PHOTO = 'https://images.example.com/open-photo.jpg';

/** The HTML of a page as a browser (or a chat app's preview fetcher) asks for it. */
async function pageHtml(pagePath: string, api: ApiClient = apiClient(server.app)) {
  return api.get<string>(pagePath, { headers: { accept: 'text/html' } });
}

const metaContent = (html: string, property: string) =>
  new RegExp(`<meta property="${property}" content="([^"]*)">`).exec(html)?.[1];

describe('link-preview tags', () => {
  let concertId: string;
  let reviewId: string;
  let artistId: string;
  let venueId: string;

  beforeAll(async () => {
    const concert = await create.concert({
      artist: 'The <Night> & "Day"',
      venue: 'Roundhouse',
      city: 'London',
      date: daysFromToday(-10),
      imageUrl: '/media/posters/roundhouse.jpg',
    });
    concertId = concert.id;
    artistId = concert.artistId!;
    venueId = concert.venueId!;
    const author = await create.user({ username: 'openfan', firstName: 'Open', lastName: 'Fan' });
    reviewId = (
      await create.review({
        userId: author.id,
        concertId,
        reviewText: OPEN_TEXT,
        photos: [OPEN_PHOTO],
      })
    ).id;
  });

  it('names the concert, escaped, with its poster as an absolute URL', async () => {
    const response = await pageHtml(`/concerts/${concertId}`);
    expect(response.status).toBe(200);
    const html = response.text;
    expect(html).toContain(
      '<meta property="og:title" content="The &lt;Night&gt; &amp; &quot;Day&quot; at Roundhouse">',
    );
    expect(metaContent(html, 'og:description')).toContain('Roundhouse, London');
    expect(metaContent(html, 'og:image')).toBe(`${server.url}/media/posters/roundhouse.jpg`);
    expect(html).toContain('<meta name="twitter:card" content="summary_large_image">');
    expect(html.indexOf('og:title')).toBeLessThan(html.indexOf('</head>'));
  });

  it("shows a public review's text and first photo", async () => {
    const html = (await pageHtml(`/reviews/${reviewId}`)).text;
    expect(metaContent(html, 'og:title')).toContain('Open Fan on The &lt;Night&gt;');
    expect(metaContent(html, 'og:description')).toContain(OPEN_TEXT);
    expect(metaContent(html, 'og:image')).toBe(OPEN_PHOTO);
  });

  it('names an artist, a venue and a public person', async () => {
    expect(metaContent((await pageHtml(`/artists/${artistId}`)).text, 'og:title')).toBe(
      'The &lt;Night&gt; &amp; &quot;Day&quot;',
    );
    const venue = (await pageHtml(`/venues/${venueId}`)).text;
    expect(metaContent(venue, 'og:title')).toBe('Roundhouse');
    expect(metaContent(venue, 'og:description')).toContain('London');
    const profile = (await pageHtml('/users/OpenFan')).text;
    expect(metaContent(profile, 'og:title')).toBe('Open Fan (@openfan)');
  });

  it('falls back to the generic tags for what does not exist or is malformed', async () => {
    for (const pagePath of [
      `/concerts/${NO_SUCH_ID}`,
      '/concerts/tm_not-ours',
      `/reviews/${NO_SUCH_ID}`,
      '/reviews/not-an-id',
      `/artists/${NO_SUCH_ID}`,
      `/venues/${NO_SUCH_ID}`,
      '/users/nobody-at-all',
    ]) {
      const response = await pageHtml(pagePath);
      expect(response.status, pagePath).toBe(200);
      expect(metaContent(response.text, 'og:title'), pagePath).toBe('Encore');
      expect(response.text, pagePath).not.toContain('og:image');
      expect(response.text, pagePath).toContain('<div id="root">');
    }
  });

  it('leaves other pages as built', async () => {
    const html = (await pageHtml('/discover')).text;
    expect(html).not.toContain('og:');
    expect(html).toContain('<div id="root">');
  });
});

describe('who sees a review: the reads and the previews agree', () => {
  /** Kinds of viewer of one author's review. */
  const VIEWERS = [
    'signed out',
    'stranger',
    'follower',
    'blocked by the author',
    'blocker of the author',
  ] as const;
  type Viewer = (typeof VIEWERS)[number];

  /** Whether each viewer sees the review, for a public and for a private author. */
  const SEES: Record<'public' | 'private', Record<Viewer, boolean>> = {
    public: {
      'signed out': true,
      stranger: true,
      follower: true,
      'blocked by the author': false,
      'blocker of the author': false,
    },
    private: {
      'signed out': false,
      stranger: false,
      follower: true,
      'blocked by the author': false,
      'blocker of the author': false,
    },
  };

  for (const privacy of ['public', 'private'] as const) {
    describe(`a ${privacy} author`, () => {
      const clients = new Map<Viewer, ApiClient>();
      let reviewId: string;
      let concertId: string;
      let username: string;

      beforeAll(async () => {
        const author = await person({
          username: `${privacy}author`,
          firstName: 'Author',
          lastName: 'Writer',
          isPrivate: privacy === 'private',
          bio: `${privacy} bio`,
          profileImageUrl: 'https://images.example.com/avatar.jpg',
        });
        username = author.user.username!;
        const concert = await create.concert({ date: daysFromToday(-5) });
        concertId = concert.id;
        reviewId = (
          await create.review({
            userId: author.user.id,
            concertId,
            reviewText: SECRET_TEXT,
            photos: [SECRET_PHOTO],
          })
        ).id;
        clients.set('signed out', apiClient(server.app));
        const stranger = await person();
        clients.set('stranger', stranger.api);
        const follower = await person();
        await create.follow({ followerId: follower.user.id, followingId: author.user.id });
        clients.set('follower', follower.api);
        const blocked = await person();
        expect((await author.api.post(`/api/users/${blocked.user.id}/block`)).status).toBe(200);
        clients.set('blocked by the author', blocked.api);
        const blocker = await person();
        expect((await blocker.api.post(`/api/users/${author.user.id}/block`)).status).toBe(200);
        clients.set('blocker of the author', blocker.api);
      });

      for (const viewer of VIEWERS) {
        const sees = SEES[privacy][viewer];
        it(`${viewer}: ${sees ? 'sees' : 'does not see'} it alone and among the concert's`, async () => {
          const api = clients.get(viewer)!;
          const single = await api.get<Review>(`/api/reviews/${reviewId}`);
          if (sees) {
            expect(single.status).toBe(200);
            expect(single.body.reviewText).toBe(SECRET_TEXT);
          } else {
            expect(single.status).toBe(404);
            expect(single.body).toEqual({ message: 'Review not found' });
          }
          const list = await api.get<Review[]>(`/api/concerts/${concertId}/reviews`);
          expect(list.status).toBe(200);
          expect(list.body.some((review) => review.id === reviewId)).toBe(sees);
        });

        it(`${viewer}: the review's and the author's previews show no more than signed out`, async () => {
          const api = clients.get(viewer)!;
          const review = (await pageHtml(`/reviews/${reviewId}`, api)).text;
          const profile = (await pageHtml(`/users/${username}`, api)).text;
          if (privacy === 'private') {
            for (const html of [review, profile]) {
              expect(html).not.toContain('Only my followers');
              expect(html).not.toContain(SECRET_PHOTO);
              expect(html).not.toContain('private bio');
              expect(html).not.toContain('avatar.jpg');
            }
            expect(metaContent(review, 'og:title')).toBe('Encore');
            expect(metaContent(profile, 'og:title')).toBe(`Author Writer (@${username})`);
          } else {
            expect(metaContent(review, 'og:description')).toContain(SECRET_TEXT);
            expect(metaContent(review, 'og:image')).toBe(SECRET_PHOTO);
            expect(metaContent(profile, 'og:description')).toBe('public bio');
            expect(metaContent(profile, 'og:image')).toBe('https://images.example.com/avatar.jpg');
          }
        });
      }
    });
  }
});
