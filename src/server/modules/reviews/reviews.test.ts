import { beforeAll, describe, expect, it } from 'vitest';
import type { Review } from '#shared/schemas/reviews';
import {
  daysFromToday,
  type Concert,
  type Review as ReviewRow,
  type User,
} from '#server/db/seed/factories.ts';
import { TEST_RATINGS } from '#server/testing/review-fixtures.ts';
import { useTestApp } from '#server/testing/use-test-app.ts';
import { apiClient, type ApiClient } from '#server/testing/api-client.ts';

const server = useTestApp();
const { create } = server;
let concert: Concert;
let other: Concert;
let authors: User[];
let written: ReviewRow[];
let viewer: { api: ApiClient; user: User };

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000);
/** A review row names its photo by key; reviews show it at /uploads/. */
const PHOTO_KEY = 'ab/00000000-0000-4000-8000-00000000000b.jpg';

beforeAll(async () => {
  concert = await create.concert({
    artist: 'Glass Harbor',
    venue: 'Metro',
    city: 'Chicago',
    date: daysFromToday(-10),
  });
  other = await create.concert({ date: daysFromToday(-20) });
  authors = await Promise.all([
    create.user({ firstName: 'Ada', lastName: 'King', username: 'ada_k' }),
    create.user({ firstName: 'Bo', lastName: null, profileImageUrl: null }),
    create.user(),
  ]);
  // Oldest to newest.
  written = [];
  for (const [index, author] of authors.entries()) {
    written.push(
      await create.review({
        userId: author.id,
        concertId: concert.id,
        ...TEST_RATINGS,
        reviewText: `Review number ${index + 1} of the night.`,
        photos: index === 0 ? [PHOTO_KEY] : [],
        createdAt: minutesAgo(30 - index * 10),
      }),
    );
  }
  await create.review({ concertId: other.id });

  viewer = await server.person();
  // The oldest review: 3 likes (one the viewer's) and 2 comments.
  await create.like({ reviewId: written[0]!.id, userId: viewer.user.id });
  await create.like({ reviewId: written[0]!.id });
  await create.like({ reviewId: written[0]!.id });
  await create.comment({ reviewId: written[0]!.id });
  await create.comment({ reviewId: written[0]!.id });
  // The newest: 1 like, not the viewer's.
  await create.like({ reviewId: written[2]!.id });
});

const get = (path: string) => apiClient(server.app).get<Review[]>(path);

describe('GET /api/concerts/{id}/reviews', () => {
  it('lists the concert’s reviews newest first in the review shape', async () => {
    const { status, body } = await get(`/api/concerts/${concert.id}/reviews`);
    expect(status).toBe(200);
    expect(body.map((r) => r.id)).toEqual([written[2]!.id, written[1]!.id, written[0]!.id]);
    expect(body[2]).toEqual({
      id: written[0]!.id,
      userId: authors[0]!.id,
      concertId: concert.id,
      ...TEST_RATINGS,
      reviewText: 'Review number 1 of the night.',
      highlights: [],
      photos: [`/uploads/${PHOTO_KEY}`],
      media: [
        {
          id: written[0]!.media[0]!.id,
          url: `/uploads/${PHOTO_KEY}`,
          thumbnailUrl: `/uploads/${PHOTO_KEY}`,
          kind: 'image',
          contentType: 'image/jpeg',
          width: null,
          height: null,
          altText: null,
          processing: false,
          failed: false,
        },
      ],
      createdAt: written[0]!.createdAt.toISOString(),
      updatedAt: written[0]!.updatedAt.toISOString(),
      editedAt: null,
      user: {
        id: authors[0]!.id,
        firstName: 'Ada',
        lastName: 'King',
        username: 'ada_k',
        profileImageUrl: authors[0]!.profileImageUrl,
      },
      concert: {
        id: concert.id,
        artist: 'Glass Harbor',
        venue: 'Metro',
        city: 'Chicago',
        date: daysFromToday(-10),
        genre: concert.genre,
      },
      likesCount: 3,
      commentsCount: 2,
      isLiked: false,
    });
    expect(body.map((r) => [r.likesCount, r.commentsCount])).toEqual([
      [1, 0],
      [0, 0],
      [3, 2],
    ]);
    expect(body[1]!.user).toMatchObject({ firstName: 'Bo', lastName: null, profileImageUrl: null });
  });

  it('shows media written before processing came after the upload as ready', async () => {
    const earlier = await create.concert({ date: daysFromToday(-30) });
    const key = 'ab/00000000-0000-4000-8000-00000000000a.webp';
    const url = `/uploads/${key}`;
    await create.review({
      concertId: earlier.id,
      photos: [key],
      media: [
        {
          id: '00000000-0000-4000-8000-00000000000a',
          url: key,
          thumbnailUrl: key,
          kind: 'image',
          contentType: 'image/webp',
          width: 1600,
          height: 900,
          altText: null,
        },
      ],
    });
    const { status, body } = await get(`/api/concerts/${earlier.id}/reviews`);
    expect(status).toBe(200);
    expect(body[0]!.media).toEqual([
      expect.objectContaining({ url, width: 1600, processing: false, failed: false }),
    ]);
  });

  it('says which reviews the signed-in viewer liked', async () => {
    const { status, body } = await viewer.api.get<Review[]>(`/api/concerts/${concert.id}/reviews`);
    expect(status).toBe(200);
    expect(body.map((r) => r.isLiked)).toEqual([false, false, true]);
  });

  it('pages with limit and offset', async () => {
    const ids = async (query: string) =>
      (await get(`/api/concerts/${concert.id}/reviews${query}`)).body.map((r) => r.id);
    expect(await ids('?limit=2')).toEqual([written[2]!.id, written[1]!.id]);
    expect(await ids('?limit=2&offset=2')).toEqual([written[0]!.id]);
    expect(await ids('?offset=3')).toEqual([]);
  });

  it('answers [] for a concert nobody reviewed', async () => {
    const quiet = await create.concert();
    expect(await get(`/api/concerts/${quiet.id}/reviews`)).toMatchObject({ status: 200, body: [] });
  });

  it('answers [] for a Ticketmaster show nobody saved yet, whose page opens from Ticketmaster', async () => {
    expect(await get('/api/concerts/tm_notStoredYet1/reviews')).toMatchObject({
      status: 200,
      body: [],
    });
  });

  it('answers 404 for an unknown concert and 400 for a bad limit', async () => {
    expect(await get('/api/concerts/nope/reviews')).toMatchObject({
      status: 404,
      body: { message: 'Concert not found' },
    });
    const bad = await get(`/api/concerts/${concert.id}/reviews?limit=101`);
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({ message: expect.stringContaining("'limit'") });
  });
});
