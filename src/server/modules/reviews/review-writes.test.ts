import { and, count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { UploadResponse } from '#shared/schemas/media';
import type { Notification } from '#shared/schemas/notifications';
import type { Comment, Likes, Review } from '#shared/schemas/reviews';
import {
  concerts,
  notifications,
  reviewComments,
  reviewLikes,
  reviews,
  uploads,
  userSettings,
} from '#server/db/schema.ts';
import {
  type NewConcert,
  createReview,
  createUser,
  daysFromToday,
} from '#server/db/seed/factories.ts';
import { apiClient, signInAs, signedInPerson, type ApiClient } from '#server/testing/api-client.ts';
import { jobsSettled } from '#server/testing/jobs.ts';
import { pngImage } from '#server/testing/media-files.ts';
import { reviewsOfPastAndToday, TEST_RATINGS } from '#server/testing/review-fixtures.ts';
import { startTestApp } from '#server/testing/test-app.ts';
import { withSetlistFmApp } from '#server/testing/setlistfm-app.ts';
import { NO_SUCH_ID, useTestApp } from '#server/testing/use-test-app.ts';

const server = useTestApp({ env: { UPLOADS_PER_USER_PER_HOUR: '1000' } });
const { db, person, create } = server;

const pastConcert = (fields: Partial<NewConcert> = {}) =>
  create.concert({ date: daysFromToday(-3), ...fields });

const content = (overrides: Record<string, unknown> = {}) => ({
  ...TEST_RATINGS,
  reviewText: 'The encore alone was worth the ticket.',
  media: [],
  ...overrides,
});

async function uploadPhotos(api: ApiClient, n: number): Promise<UploadResponse> {
  const files = await Promise.all(
    Array.from({ length: n }, async (_, i) => ({
      name: `photo-${i}.png`,
      type: 'image/png',
      bytes: await pngImage(30 + i, 20),
    })),
  );
  const { status, body } = await api.upload<UploadResponse>('/api/upload', 'files', files);
  expect(status).toBe(201);
  // Processed and served before the review takes them (media-processing.test.ts has a
  // review that takes them while they are processing).
  await jobsSettled(db());
  return body;
}

const fileStatus = async (url: string) => (await apiClient(server.app).get(url)).status;

describe('POST /api/reviews', () => {
  it('creates a review of a past concert and answers it in the review shape', async () => {
    const { user, api } = await person({ firstName: 'Rae', lastName: 'Lind', username: 'rae' });
    const concert = await pastConcert({ artist: 'Night Tram', venue: 'Hall', city: 'Austin' });
    const { status, body } = await api.post<Review>('/api/reviews', {
      ...content({ reviewText: '  Loud, tight and joyful from start to end.  ' }),
      concertId: concert.id,
      // What the client says the concert is counts for nothing.
      concert: { artist: 'Forged Artist', date: '1999-01-01' },
    });
    expect(status).toBe(201);
    expect(body).toMatchObject({
      userId: user.id,
      concertId: concert.id,
      ...TEST_RATINGS,
      reviewText: 'Loud, tight and joyful from start to end.',
      photos: [],
      media: [],
      editedAt: null,
      likesCount: 0,
      commentsCount: 0,
      isLiked: false,
      user: { id: user.id, firstName: 'Rae', lastName: 'Lind', username: 'rae' },
      concert: { id: concert.id, artist: 'Night Tram', venue: 'Hall', city: 'Austin' },
    });
    expect((await apiClient(server.app).get(`/api/reviews/${body.id}`)).body).toEqual(body);
  });

  it('accepts a concert from its day on, and refuses one still to come', async () => {
    const { api } = await person();
    const today = await create.concert({ date: daysFromToday(0) });
    expect((await api.post('/api/reviews', { ...content(), concertId: today.id })).status).toBe(
      201,
    );
    const upcoming = await create.concert({ date: '2099-03-05' });
    expect(await api.post('/api/reviews', { ...content(), concertId: upcoming.id })).toMatchObject({
      status: 400,
      body: { message: 'This concert has not happened yet: it can be reviewed from Mar 5, 2099' },
    });
  });

  it('answers 409 for a second review of the same concert, even when sent 10 times at once', async () => {
    const { user, api } = await person();
    const concert = await pastConcert();
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        api.post<{ message: string }>('/api/reviews', { ...content(), concertId: concert.id }),
      ),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([201, ...Array(9).fill(409)]);
    expect(answers.find((a) => a.status === 409)!.body).toEqual({
      message: 'You have already reviewed this concert: edit your review instead',
    });
    const [row] = await db()
      .select({ n: count() })
      .from(reviews)
      .where(and(eq(reviews.userId, user.id), eq(reviews.concertId, concert.id)));
    expect(row!.n).toBe(1);
  });

  it('answers 404 for an unknown concert and 401 when signed out', async () => {
    const { api } = await person();
    expect(await api.post('/api/reviews', { ...content(), concertId: 'no-such' })).toMatchObject({
      status: 404,
      body: { message: 'Concert not found' },
    });
    const concert = await pastConcert();
    expect(
      (await apiClient(server.app).post('/api/reviews', { ...content(), concertId: concert.id }))
        .status,
    ).toBe(401);
  });

  const textCases: [number, number][] = [
    [9, 400],
    [10, 201],
    [2000, 201],
    [2001, 400],
  ];
  it.each(textCases)('text of %i characters → %i', async (length, expected) => {
    const { api } = await person();
    const concert = await pastConcert();
    const answer = await api.post<{ message: string }>('/api/reviews', {
      ...content({ reviewText: 'x'.repeat(length) }),
      concertId: concert.id,
    });
    expect(answer.status).toBe(expected);
    if (expected === 400) {
      expect(answer.body.message).toMatch(/reviewText must be at (least 10|most 2000) characters/);
    }
  });

  const ratingCases: [unknown, number, string?][] = [
    [0.5, 400, 'soundRating must be at least 1'],
    [1, 201],
    [4.5, 201],
    [5, 201],
    [5.5, 400, 'soundRating must be at most 5'],
    [4.3, 400, 'soundRating must be in steps of 0.5'],
    ['4', 400, 'soundRating must be a number from 1 to 5'],
  ];
  it.each(ratingCases)('soundRating %s → %i', async (rating, expected, message) => {
    const { api } = await person();
    const concert = await pastConcert();
    const answer = await api.post<{ message: string }>('/api/reviews', {
      ...content({ soundRating: rating }),
      concertId: concert.id,
    });
    expect(answer.status).toBe(expected);
    if (message) expect(answer.body.message).toContain(message);
  });

  it('attaches the author’s uploads with alt text, in the order given', async () => {
    const { api } = await person();
    const concert = await pastConcert();
    const uploaded = await uploadPhotos(api, 2);
    const [first, second] = uploaded.files;
    const { status, body } = await api.post<Review>('/api/reviews', {
      ...content({
        media: [{ id: second!.id, altText: ' The stage from the balcony ' }, { id: first!.id }],
      }),
      concertId: concert.id,
    });
    expect(status).toBe(201);
    expect(body.photos).toEqual([second!.url, first!.url]);
    expect(body.media).toEqual([
      {
        id: second!.id,
        url: second!.url,
        thumbnailUrl: second!.thumbnailUrl,
        kind: 'image',
        contentType: 'image/webp',
        width: 31,
        height: 20,
        altText: 'The stage from the balcony',
        processing: false,
        failed: false,
      },
      expect.objectContaining({ id: first!.id, url: first!.url, altText: null }),
    ]);
    // The answer is the review as any read shows it.
    expect((await api.get<Review>(`/api/reviews/${body.id}`)).body).toEqual(body);
  });

  it('refuses 6 files, someone else’s upload, an unknown id, one another review holds and one twice, writing nothing', async () => {
    const { user, api } = await person();
    const other = await person();
    const mine = await uploadPhotos(api, 2);
    const theirs = await uploadPhotos(other.api, 1);
    const [mineId, theirId] = [mine.files[0]!.id, theirs.files[0]!.id];
    const post = async (media: unknown[]) =>
      api.post<{ message: string }>('/api/reviews', {
        ...content({ media }),
        concertId: (await pastConcert()).id,
      });
    const notYours = (id: string) =>
      `media: ${id} is not one of your uploads, or another review shows it`;

    expect(await post(Array(6).fill({ id: mineId }))).toMatchObject({
      status: 400,
      body: { message: "Invalid body field 'media': media can hold at most 5 photos or videos" },
    });
    expect(await post([{ id: theirId }])).toMatchObject({
      status: 400,
      body: { message: notYours(theirId) },
    });
    expect(await post([{ id: NO_SUCH_ID }])).toMatchObject({
      status: 400,
      body: { message: notYours(NO_SUCH_ID) },
    });
    expect(await post([{ id: mine.files[0]!.url }])).toMatchObject({
      status: 400,
      body: { message: expect.stringContaining('media id must be an id') },
    });
    expect(await post([{ id: mineId }, { id: mineId }])).toMatchObject({
      status: 400,
      body: { message: "Invalid body field 'media': media lists the same file twice" },
    });
    // A refused review keeps nothing: no row, and the upload is still free to use.
    const written = async () =>
      (await db().select({ n: count() }).from(reviews).where(eq(reviews.userId, user.id)))[0]!.n;
    expect(await written()).toBe(0);
    expect((await post([{ id: mineId }, { id: mine.files[1]!.id }])).status).toBe(201);
    // Attached to that review now: another cannot take it, and a refusal leaves it there.
    expect(await post([{ id: mineId }])).toMatchObject({
      status: 400,
      body: { message: notYours(mineId) },
    });
    expect(await written()).toBe(1);
    const held = await db().select().from(uploads).where(eq(uploads.userId, user.id));
    expect(new Set(held.map((row) => row.reviewId)).size).toBe(1);
    expect(held.every((row) => row.reviewId !== null)).toBe(true);
    const [theirUpload] = await db().select().from(uploads).where(eq(uploads.id, theirId));
    expect(theirUpload!.reviewId).toBeNull();
  });

  it('lets only one of two reviews sent at once take the same upload', async () => {
    const { api } = await person();
    const { files } = await uploadPhotos(api, 1);
    const media = files.map(({ id }) => ({ id }));
    const [a, b] = await Promise.all([pastConcert(), pastConcert()]);
    const answers = await Promise.all(
      [a!, b!].map((concert) =>
        api.post('/api/reviews', { ...content({ media }), concertId: concert.id }),
      ),
    );
    expect(answers.map((x) => x.status).sort()).toEqual([201, 400]);
  });
});

describe('PUT /api/reviews/{id}', () => {
  it('lets the author change everything but the concert, and marks the review edited', async () => {
    const { api } = await person();
    const concert = await pastConcert();
    const uploaded = await uploadPhotos(api, 2);
    const created = (
      await api.post<Review>('/api/reviews', {
        ...content({ media: uploaded.files.map(({ id }) => ({ id })) }),
        concertId: concert.id,
      })
    ).body;
    const [kept, removed] = uploaded.files;
    const { status, body } = await api.put<Review>(`/api/reviews/${created.id}`, {
      ...content({
        overallRating: 2,
        reviewText: 'Second thoughts: the sound was muddy.',
        media: [{ id: kept!.id, altText: 'Blurry but mine' }],
      }),
    });
    expect(status).toBe(200);
    expect(body).toMatchObject({
      id: created.id,
      concertId: concert.id,
      overallRating: 2,
      reviewText: 'Second thoughts: the sound was muddy.',
      photos: [kept!.url],
      media: [
        expect.objectContaining({ id: kept!.id, url: kept!.url, altText: 'Blurry but mine' }),
      ],
      createdAt: created.createdAt,
    });
    expect(body.editedAt).not.toBeNull();
    // The photo taken off the review is gone with its files, once their removal has run.
    await jobsSettled(db());
    expect(await fileStatus(removed!.url)).toBe(404);
    expect(await fileStatus(removed!.thumbnailUrl)).toBe(404);
    expect(await fileStatus(kept!.url)).toBe(200);
  });

  it('answers 403 to anyone else, 404 for an unknown review and 400 for bad content', async () => {
    const author = await person();
    const review = await create.review({ userId: author.user.id });
    const stranger = await person();
    expect(await stranger.api.put(`/api/reviews/${review.id}`, content())).toMatchObject({
      status: 403,
      body: { message: 'Only the author can edit this review' },
    });
    expect(await author.api.put(`/api/reviews/${NO_SUCH_ID}`, content())).toMatchObject({
      status: 404,
      body: { message: 'Review not found' },
    });
    expect(await author.api.put('/api/reviews/not-an-id', content())).toMatchObject({
      status: 400,
      body: { message: expect.stringContaining('id must be an id') },
    });
    expect(
      await author.api.put(`/api/reviews/${review.id}`, content({ reviewText: 'short' })),
    ).toMatchObject({ status: 400, body: { message: expect.stringContaining('reviewText') } });
    const [row] = await db().select().from(reviews).where(eq(reviews.id, review.id));
    expect(row!.reviewText).toBe(review.reviewText);
  });
});

describe('DELETE /api/reviews/{id}', () => {
  it('removes the review with its likes, comments, notifications and files', async () => {
    const author = await person();
    const fan = await person();
    const concert = await pastConcert();
    const uploaded = await uploadPhotos(author.api, 1);
    const review = (
      await author.api.post<Review>('/api/reviews', {
        ...content({ media: [{ id: uploaded.files[0]!.id }] }),
        concertId: concert.id,
      })
    ).body;
    await fan.api.post(`/api/reviews/${review.id}/like`);
    await fan.api.post(`/api/reviews/${review.id}/comments`, { commentText: 'Same here!' });

    expect(await fan.api.delete(`/api/reviews/${review.id}`)).toMatchObject({
      status: 403,
      body: { message: 'Only the author can delete this review' },
    });
    expect((await author.api.delete(`/api/reviews/${review.id}`)).status).toBe(204);
    expect((await author.api.get(`/api/reviews/${review.id}`)).status).toBe(404);
    const left = async (table: typeof reviewLikes | typeof reviewComments) =>
      (await db().select({ n: count() }).from(table).where(eq(table.reviewId, review.id)))[0]!.n;
    expect(await left(reviewLikes)).toBe(0);
    expect(await left(reviewComments)).toBe(0);
    const notices = await db()
      .select({ n: count() })
      .from(notifications)
      .where(eq(notifications.relatedReviewId, review.id));
    expect(notices[0]!.n).toBe(0);
    expect(await db().select().from(uploads).where(eq(uploads.userId, author.user.id))).toEqual([]);
    await jobsSettled(db());
    expect(await fileStatus(uploaded.paths[0]!)).toBe(404);
    expect((await author.api.delete(`/api/reviews/${review.id}`)).status).toBe(404);
  });
});

describe('likes', () => {
  it('counts 100 people liking at once exactly, and one person liking twice once', async () => {
    const review = await create.review();
    const fans = await Promise.all(Array.from({ length: 100 }, () => person()));
    const answers = await Promise.all(
      fans.map(({ api }) => api.post<Likes>(`/api/reviews/${review.id}/like`)),
    );
    expect(answers.every((a) => a.status === 200 && a.body.isLiked)).toBe(true);
    expect(
      (await apiClient(server.app).get<Likes>(`/api/reviews/${review.id}/likes`)).body,
    ).toEqual({
      count: 100,
      isLiked: false,
    });

    const { api } = await person();
    const twice = await Promise.all([
      api.post<Likes>(`/api/reviews/${review.id}/like`),
      api.post<Likes>(`/api/reviews/${review.id}/like`),
    ]);
    expect(twice.map((a) => a.body)).toEqual([
      { count: 101, isLiked: true },
      { count: 101, isLiked: true },
    ]);
    const [rows] = await db()
      .select({ n: count() })
      .from(reviewLikes)
      .where(eq(reviewLikes.reviewId, review.id));
    const [counter] = await db().select().from(reviews).where(eq(reviews.id, review.id));
    expect([rows!.n, counter!.likes]).toEqual([101, 101]);
    // A like is not an edit.
    expect(counter!.updatedAt).toEqual(review.updatedAt);
  });

  it('takes a like back idempotently and says whether the viewer liked', async () => {
    const review = await create.review();
    const { api } = await person();
    expect((await api.post<Likes>(`/api/reviews/${review.id}/like`)).body).toEqual({
      count: 1,
      isLiked: true,
    });
    expect((await api.get<Likes>(`/api/reviews/${review.id}/likes`)).body).toEqual({
      count: 1,
      isLiked: true,
    });
    for (let i = 0; i < 2; i += 1) {
      expect(await api.delete(`/api/reviews/${review.id}/like`)).toMatchObject({
        status: 200,
        body: { count: 0, isLiked: false },
      });
    }
  });

  it('answers 404 for an unknown review and 401 when signed out', async () => {
    const { api } = await person();
    for (const answer of [
      await api.post(`/api/reviews/${NO_SUCH_ID}/like`),
      await api.delete(`/api/reviews/${NO_SUCH_ID}/like`),
      await api.get(`/api/reviews/${NO_SUCH_ID}/likes`),
    ]) {
      expect(answer).toMatchObject({ status: 404, body: { message: 'Review not found' } });
    }
    const review = await create.review();
    expect((await apiClient(server.app).post(`/api/reviews/${review.id}/like`)).status).toBe(401);
  });

  it('tells the author of a like by someone else, not of their own, and not when they opted out', async () => {
    const author = await person({ firstName: 'Ida', lastName: 'Moe' });
    const concert = await pastConcert({ artist: 'Paper Moons' });
    const review = await create.review({ userId: author.user.id, concertId: concert.id });
    const fan = await person({ firstName: 'Leo', lastName: 'Park' });
    await author.api.post(`/api/reviews/${review.id}/like`);
    await fan.api.post(`/api/reviews/${review.id}/like`);
    const notices = await db()
      .select()
      .from(notifications)
      .where(eq(notifications.userId, author.user.id));
    expect(notices).toEqual([
      expect.objectContaining({
        type: 'review_like',
        link: `/concerts/${concert.id}`,
        relatedUserId: fan.user.id,
        relatedReviewId: review.id,
        isRead: false,
      }),
    ]);
    expect((await author.api.get<Notification[]>('/api/notifications')).body).toEqual([
      expect.objectContaining({
        title: 'New like',
        message: 'Leo Park liked your review of Paper Moons.',
      }),
    ]);

    await db().insert(userSettings).values({ userId: author.user.id, newLikeNotif: false });
    await (await person()).api.post(`/api/reviews/${review.id}/like`);
    const after = await db()
      .select({ n: count() })
      .from(notifications)
      .where(eq(notifications.userId, author.user.id));
    expect(after[0]!.n).toBe(1);
  });
});

describe('comments', () => {
  it('posts a trimmed comment, lists oldest first with authors, and tells the review’s author', async () => {
    const author = await person();
    const review = await create.review({ userId: author.user.id });
    const first = await person({ firstName: 'Ana', lastName: 'Q', username: 'ana_q' });
    const second = await person();
    const posted = await first.api.post<Comment>(`/api/reviews/${review.id}/comments`, {
      commentText: '  What a night!  ',
    });
    expect(posted.status).toBe(201);
    expect(posted.body).toMatchObject({
      reviewId: review.id,
      userId: first.user.id,
      commentText: 'What a night!',
      user: { id: first.user.id, firstName: 'Ana', lastName: 'Q', username: 'ana_q' },
    });
    await second.api.post(`/api/reviews/${review.id}/comments`, { commentText: 'x'.repeat(500) });

    const list = await apiClient(server.app).get<Comment[]>(`/api/reviews/${review.id}/comments`);
    expect(list.body.map((c) => c.userId)).toEqual([first.user.id, second.user.id]);
    expect(list.body[0]).toEqual(posted.body);
    const page = await apiClient(server.app).get<Comment[]>(
      `/api/reviews/${review.id}/comments?limit=1&after=${posted.body.id}`,
    );
    expect(page.body.map((c) => c.userId)).toEqual([second.user.id]);

    const notices = await db()
      .select()
      .from(notifications)
      .where(
        and(eq(notifications.userId, author.user.id), eq(notifications.type, 'review_comment')),
      );
    // One notice for both, naming the latest (notifications.test.ts has the grouping).
    expect(notices.map((n) => [n.relatedUserId, n.actorCount])).toEqual([[second.user.id, 2]]);
    expect(
      (await apiClient(server.app).get<Review>(`/api/reviews/${review.id}`)).body.commentsCount,
    ).toBe(2);
  });

  it('refuses blank (invisible too) and over-long comments, unknown reviews and visitors', async () => {
    const { api } = await person();
    const review = await create.review();
    const path = `/api/reviews/${review.id}/comments`;
    for (const blank of ['   ', '\u200B\u200B\u200B', '\u202E \u2066']) {
      expect(await api.post(path, { commentText: blank })).toMatchObject({
        status: 400,
        body: { message: expect.stringContaining('commentText must not be empty') },
      });
    }
    expect(await api.post(path, { commentText: 'x'.repeat(501) })).toMatchObject({
      status: 400,
      body: { message: expect.stringContaining('commentText must be at most 500 characters') },
    });
    const missing = `/api/reviews/${NO_SUCH_ID}/comments`;
    expect(await api.post(missing, { commentText: 'hi' })).toMatchObject({ status: 404 });
    expect(await api.get(missing)).toMatchObject({
      status: 404,
      body: { message: 'Review not found' },
    });
    expect((await apiClient(server.app).post(path, { commentText: 'hi' })).status).toBe(401);
    expect((await apiClient(server.app).get(path)).body).toEqual([]);
  });

  it('lets the comment’s author, and the review’s author, delete it; nobody else', async () => {
    const reviewer = await person();
    const review = await create.review({ userId: reviewer.user.id });
    const writer = await person();
    const other = await person();
    const post = async (commentText: string) =>
      (await writer.api.post<Comment>(`/api/reviews/${review.id}/comments`, { commentText })).body;
    const mine = await post('Mine');
    expect(await other.api.delete(`/api/comments/${mine.id}`)).toMatchObject({
      status: 403,
      body: { message: "Only the comment's or the review's author can delete this comment" },
    });
    // The review is the reviewer's own space: they may remove what others wrote there.
    const unwanted = await post('Buy followers at example.com');
    expect((await reviewer.api.delete(`/api/comments/${unwanted.id}`)).status).toBe(204);
    const left = await writer.api.get<Comment[]>(`/api/reviews/${review.id}/comments`);
    expect(left.body.map((c) => c.id)).toEqual([mine.id]);

    expect((await writer.api.delete(`/api/comments/${mine.id}`)).status).toBe(204);
    expect(await writer.api.delete(`/api/comments/${mine.id}`)).toMatchObject({
      status: 404,
      body: { message: 'Comment not found' },
    });
  });

  it('keeps the review’s comment count exact when comments are written and deleted at once', async () => {
    const review = await create.review();
    const commenters = await Promise.all(Array.from({ length: 10 }, () => person()));
    const commentsCount = async () =>
      (await apiClient(server.app).get<Review>(`/api/reviews/${review.id}`)).body.commentsCount;

    const posted = await Promise.all(
      commenters.map((c, i) =>
        c.api.post<Comment>(`/api/reviews/${review.id}/comments`, { commentText: `Hi ${i}` }),
      ),
    );
    expect(posted.map((p) => p.status)).toEqual(Array(10).fill(201));
    expect(await commentsCount()).toBe(10);

    const deleted = await Promise.all(
      commenters.slice(0, 4).map((c, i) => c.api.delete(`/api/comments/${posted[i]!.body.id}`)),
    );
    expect(deleted.map((d) => d.status)).toEqual(Array(4).fill(204));
    expect(await commentsCount()).toBe(6);
  });
});

describe('review lists', () => {
  it('pages every review newest first with a cursor, and a person’s own', async () => {
    const { user } = await person();
    const mine = [];
    for (let i = 0; i < 3; i += 1) {
      mine.push(
        await create.review({
          userId: user.id,
          createdAt: new Date(Date.now() + (i + 1) * 60_000),
        }),
      );
    }
    const newestFirst = mine.map((r) => r.id).reverse();
    const api = apiClient(server.app);
    const first = await api.get<Review[]>('/api/reviews?limit=2&sort=recent');
    expect(first.body.map((r) => r.id)).toEqual(newestFirst.slice(0, 2));
    const next = await api.get<Review[]>(`/api/reviews?limit=2&before=${first.body[1]!.id}`);
    expect(next.body[0]!.id).toBe(newestFirst[2]);

    const own = await api.get<Review[]>(`/api/users/${user.id}/reviews?limit=3`);
    expect(own.body.map((r) => r.id)).toEqual(newestFirst);
    const ownNext = await api.get<Review[]>(
      `/api/users/${user.id}/reviews?before=${newestFirst[2]}`,
    );
    expect(ownNext.body).toEqual([]);
    expect(await api.get(`/api/reviews?before=${NO_SUCH_ID}`)).toMatchObject({
      status: 400,
      body: { message: 'before: no review with that id (it may have been deleted)' },
    });
    expect(await api.get('/api/reviews?sort=best')).toMatchObject({
      status: 400,
      body: { message: expect.stringContaining('sort must be one of recent, rating') },
    });
  });

  it('orders Trending by rating, then likes, then recency, within recent days first', async () => {
    // A database of its own, so other tests' reviews do not take the places.
    const own = await startTestApp();
    try {
      const ownDb = own.database.db;
      const now = Date.now();
      const at = (minutes: number) => new Date(now - minutes * 60_000);
      const topOld = await createReview(ownDb, {
        overallRating: 5,
        createdAt: new Date(now - 40 * 86_400_000),
      });
      const liked = await createReview(ownDb, { overallRating: 5, createdAt: at(30) });
      const newer = await createReview(ownDb, { overallRating: 5, createdAt: at(10) });
      const older = await createReview(ownDb, { overallRating: 5, createdAt: at(20) });
      const lower = await createReview(ownDb, { overallRating: 4.5, createdAt: at(1) });
      const fan = await createUser(ownDb);
      await (await signInAs(own, fan.id)).post(`/api/reviews/${liked.id}/like`);
      const api = apiClient(own.app);
      const ids = async (query: string) =>
        (await api.get<Review[]>(`/api/reviews?sort=rating&${query}`)).body.map((r) => r.id);

      expect(await ids('limit=4')).toEqual([liked.id, newer.id, older.id, lower.id]);
      expect(await ids(`limit=2&before=${newer.id}`)).toEqual([older.id, lower.id]);
      // Fewer than a page in the last 30 days: the window widens and the old review comes in.
      expect(await ids('limit=20')).toEqual([liked.id, newer.id, older.id, topOld.id, lower.id]);
    } finally {
      await own.close();
    }
  });
});

describe('GET /api/users/{id}/stats', () => {
  it('counts a person’s reviews, shows attended, likes and comments received, and follows', async () => {
    const { user, api } = await person();
    const first = await reviewsOfPastAndToday(create, user.id, { past: 4, today: 3 });
    const fan = await person();
    await fan.api.post(`/api/reviews/${first.id}/like`);
    await fan.api.post(`/api/reviews/${first.id}/comments`, { commentText: 'Nice one' });
    await api.post(`/api/reviews/${first.id}/comments`, { commentText: 'Thanks!' });
    expect((await fan.api.get(`/api/users/${user.id}/stats`)).body).toEqual({
      // Both reviewed shows, today's included: a review marks its show "I was there".
      concertsAttended: 2,
      reviewsWritten: 2,
      followers: 0,
      following: 0,
      averageRating: 3.5,
      likesReceived: 1,
      commentsReceived: 2,
    });
    expect(await api.get(`/api/users/${NO_SUCH_ID}/stats`)).toMatchObject({
      status: 404,
      body: { message: 'User not found' },
    });
  });
});

describe('reviews of provider concerts', () => {
  it('imports a setlist.fm concert from setlist.fm, never from what the client sent', async () => {
    await withSetlistFmApp(async (own) => {
      const { api } = await signedInPerson(own);
      const { status, body } = await api.post<Review>('/api/reviews', {
        ...content(),
        concertId: 'sfm_4bf6a2d3',
        concert: { artist: 'Someone Else', venue: 'Nowhere', date: '2026-01-01' },
      });
      expect(status).toBe(201);
      expect(body.concert).toEqual({
        id: 'sfm_4bf6a2d3',
        artist: 'The Velvet Lanterns',
        venue: 'Lakeshore Sound Hall',
        city: 'Chicago',
        date: '2026-07-18',
        genre: null,
      });
      const [row] = await own.database.db
        .select()
        .from(concerts)
        .where(eq(concerts.id, 'sfm_4bf6a2d3'));
      expect(row).toMatchObject({ artist: 'The Velvet Lanterns' });
      expect(
        (await api.post('/api/reviews', { ...content(), concertId: 'sfm_ffffffff' })).status,
      ).toBe(404);
    });
  });
});
