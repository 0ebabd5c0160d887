/** Migration 0027: rows that held media URLs hold the uploads' keys, and read as before. */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Review } from '#shared/schemas/reviews';
import type { CurrentUser } from '#shared/schemas/users';
import { migrationsFolder } from '../db/index.ts';
import { reviews, uploads, users } from '../db/schema.ts';
import { daysFromToday } from '../db/seed/factories.ts';
import { mediaOfPhotoUrls } from '../db/seed/photo-media.ts';
import { testDatabaseKind } from '../testing/test-database.ts';
import { useTestApp } from '../testing/use-test-app.ts';

const server = useTestApp();
const { db, create } = server;

/** Where the media were public when the rows were written (a setting the migration never sees). */
const OLD_CDN = 'https://media.example.net/encore';

const keyOf = (n: number, suffix = '') =>
  `${n.toString(16).padStart(2, '0')}/00000000-0000-4000-8000-0000000000${n.toString(16).padStart(2, '0')}${suffix}.webp`;

async function uploadOf(userId: string, n: number) {
  const fileKey = keyOf(n);
  await db()
    .insert(uploads)
    .values({
      userId,
      purpose: 'review',
      kind: 'image',
      contentType: 'image/webp',
      fileKey,
      thumbnailKey: keyOf(n, '-thumb'),
      byteSize: 1000,
      originalName: `photo-${n}.jpg`,
    });
  return { fileKey, thumbnailKey: keyOf(n, '-thumb') };
}

/** Runs the migration's statements once more, one at a time, as the migrator does. */
async function migrate() {
  const file = readFileSync(path.join(migrationsFolder, '0027_media_keys_in_rows.sql'), 'utf8');
  for (const statement of file.split('--> statement-breakpoint')) {
    await db().execute(sql.raw(statement));
  }
}

describe(`the migration that keeps media keys in rows (${testDatabaseKind()})`, () => {
  it('turns /uploads/ and public URLs of uploads into keys, and leaves other URLs alone', async () => {
    const { user, api } = await server.person({ profileImageUrl: `/uploads/${keyOf(0xa0)}` });
    const own = await uploadOf(user.id, 0xa1);
    const atCdn = await uploadOf(user.id, 0xa2);
    // Shaped like an upload's key, but no upload of Encore's: someone else's file.
    const lookalike = `https://photos.example.org/${keyOf(0xa3)}`;
    const demoArt = '/demo/photo-1.svg';
    const photos = [`/uploads/${own.fileKey}`, `${OLD_CDN}/${atCdn.fileKey}`, demoArt, lookalike];
    const media = mediaOfPhotoUrls(photos).map((item, index) =>
      index === 0
        ? { ...item, thumbnailUrl: `/uploads/${own.thumbnailKey}`, width: 1600, height: 900 }
        : index === 1
          ? { ...item, thumbnailUrl: `${OLD_CDN}/${atCdn.thumbnailKey}`, altText: 'The encore' }
          : item,
    );
    const concert = await create.concert({ date: daysFromToday(-3) });
    const review = await create.review({
      userId: user.id,
      concertId: concert.id,
      photos,
      media,
    });
    const cdnPictured = await server.person({ profileImageUrl: `${OLD_CDN}/${own.fileKey}` });
    const providerPicture = 'https://lh3.example.com/a/ACg8ocK-profile=s96-c';
    const providerPictured = await server.person({ profileImageUrl: providerPicture });

    await migrate();

    const [row] = await db()
      .select({ photos: reviews.photos, media: reviews.media })
      .from(reviews)
      .where(eq(reviews.id, review.id));
    expect(row!.photos).toEqual([own.fileKey, atCdn.fileKey, demoArt, lookalike]);
    expect(row!.media.map((item) => [item.url, item.thumbnailUrl])).toEqual([
      [own.fileKey, own.thumbnailKey],
      [atCdn.fileKey, atCdn.thumbnailKey],
      [demoArt, demoArt],
      [lookalike, lookalike],
    ]);
    // Nothing else of an item changes.
    expect(row!.media[0]).toMatchObject({ width: 1600, height: 900, kind: 'image' });
    expect(row!.media[1]).toMatchObject({ altText: 'The encore' });

    const pictures = await db()
      .select({ id: users.id, picture: users.profileImageUrl })
      .from(users)
      .where(sql`${users.id} IN (${user.id}, ${cdnPictured.user.id}, ${providerPictured.user.id})`);
    expect(new Map(pictures.map((person) => [person.id, person.picture]))).toEqual(
      new Map([
        [user.id, keyOf(0xa0)],
        [cdnPictured.user.id, own.fileKey],
        [providerPictured.user.id, providerPicture],
      ]),
    );

    // Read back, keys are the app's /uploads/ URLs (no MEDIA_PUBLIC_URL here); the rest as stored.
    const read = await api.get<Review>(`/api/reviews/${review.id}`);
    expect(read.status).toBe(200);
    expect(read.body.photos).toEqual([
      `/uploads/${own.fileKey}`,
      `/uploads/${atCdn.fileKey}`,
      demoArt,
      lookalike,
    ]);
    expect(read.body.media.map((item) => item.thumbnailUrl)).toEqual([
      `/uploads/${own.thumbnailKey}`,
      `/uploads/${atCdn.thumbnailKey}`,
      demoArt,
      lookalike,
    ]);
    expect(read.body.user.profileImageUrl).toBe(`/uploads/${keyOf(0xa0)}`);
    const me = await providerPictured.api.get<CurrentUser>('/api/user');
    expect(me.body.profileImageUrl).toBe(providerPicture);

    // Run again, it changes nothing.
    await migrate();
    const [again] = await db()
      .select({ photos: reviews.photos })
      .from(reviews)
      .where(eq(reviews.id, review.id));
    expect(again!.photos).toEqual(row!.photos);
  });
});
