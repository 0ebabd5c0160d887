/**
 * Migration 0033: each photo or video a review keeps carries an id, its upload's or one of
 * its own; a review's PUT then names them by those ids, the demo art's too.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Review } from '#shared/schemas/reviews';
import { migrationsFolder } from '#server/db/index.ts';
import { reviews, uploads } from '#server/db/schema.ts';
import { daysFromToday } from '#server/db/seed/factories.ts';
import { mediaOfPhotoUrls } from '#server/db/seed/photo-media.ts';
import { TEST_RATINGS } from '#server/testing/review-fixtures.ts';
import { testDatabaseKind } from '#server/testing/test-database.ts';
import { useTestApp } from '#server/testing/use-test-app.ts';

const server = useTestApp();
const { db, create } = server;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** Runs the migration's statements once more, one at a time, as the migrator does. */
async function migrate() {
  const file = readFileSync(path.join(migrationsFolder, '0033_review_media_ids.sql'), 'utf8');
  for (const statement of file.split('--> statement-breakpoint')) {
    await db().execute(sql.raw(statement));
  }
}

const mediaOf = async (reviewId: string) =>
  (await db().select({ media: reviews.media }).from(reviews).where(eq(reviews.id, reviewId)))[0]!
    .media;

describe(`review media ids (${testDatabaseKind()})`, () => {
  it('gives items written before ids their upload’s id, or one of their own, once', async () => {
    const { user, api } = await server.person();
    const fileKey = 'b3/00000000-0000-4000-8000-0000000000b3.webp';
    const demoArt = '/demo/photo-2.svg';
    const concert = await create.concert({ date: daysFromToday(-3) });
    // Written before items had ids: the same items without them.
    const review = await create.review({
      userId: user.id,
      concertId: concert.id,
      photos: [fileKey, demoArt],
      media: mediaOfPhotoUrls([fileKey, demoArt]).map(({ id: _id, ...item }) => item) as never,
    });
    const [upload] = await db()
      .insert(uploads)
      .values({
        userId: user.id,
        purpose: 'review',
        kind: 'image',
        contentType: 'image/webp',
        fileKey,
        byteSize: 1000,
        originalName: 'stage.jpg',
        reviewId: review.id,
      })
      .returning();

    await migrate();
    const [photo, art] = await mediaOf(review.id);
    expect(photo!.id).toBe(upload!.id);
    expect(art!.id).toMatch(UUID);
    expect(art!.url).toBe(demoArt);
    await migrate();
    expect((await mediaOf(review.id)).map((item) => item.id)).toEqual([photo!.id, art!.id]);

    // The author names both by id: the demo art stays, the order and alt text are theirs.
    const edited = await api.put<Review>(`/api/reviews/${review.id}`, {
      ...TEST_RATINGS,
      reviewText: 'The art first, then the stage.',
      media: [{ id: art!.id }, { id: photo!.id, altText: 'The stage' }],
    });
    expect(edited.status).toBe(200);
    expect(edited.body.media.map((item) => [item.id, item.url, item.altText])).toEqual([
      [art!.id, demoArt, null],
      [photo!.id, `/uploads/${fileKey}`, 'The stage'],
    ]);
    // Left out, the demo art goes; the upload kept on the review stays its.
    const trimmed = await api.put<Review>(`/api/reviews/${review.id}`, {
      ...TEST_RATINGS,
      reviewText: 'Only the stage now.',
      media: [{ id: photo!.id }],
    });
    expect(trimmed.body.photos).toEqual([`/uploads/${fileKey}`]);
    const [held] = await db().select().from(uploads).where(eq(uploads.id, upload!.id));
    expect(held!.reviewId).toBe(review.id);
  });
});
