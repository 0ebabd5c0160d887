/** Media linked at MEDIA_PUBLIC_URL (a CDN or the bucket) instead of the app's /uploads/. */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Review } from '#shared/schemas/reviews';
import type { UploadResponse } from '#shared/schemas/media';
import type { CurrentUser } from '#shared/schemas/users';
import { reviews } from '../db/schema.ts';
import { createConcert, createReview, daysFromToday } from '../db/seed/factories.ts';
import { mediaOfPhotoUrls } from '../db/seed/photo-media.ts';
import { pngImage } from '../testing/media-files.ts';
import { TEST_RATINGS } from '../testing/review-fixtures.ts';
import { jobsSettled } from '../testing/jobs.ts';
import { useTestApp } from '../testing/use-test-app.ts';
import { servedUrls } from './local-file-store.ts';

const CDN = 'https://cdn.example.com/media';
const server = useTestApp({ env: { MEDIA_PUBLIC_URL: `${CDN}/` } });

const KEY = 'ab/01234567-89ab-cdef-0123-456789abcdef.webp';

describe('served URLs', () => {
  it('are the app’s own without a public address, and read back as their key', () => {
    const own = servedUrls(undefined);
    expect(own.urlOf(KEY)).toBe(`/uploads/${KEY}`);
    expect(own.keyOf(`/uploads/${KEY}`)).toBe(KEY);
    expect(own.keyOf(`${CDN}/${KEY}`)).toBeUndefined();
    expect(() => own.urlOf(`originals/${KEY}`)).toThrow();
  });

  it('are at the public address when one is set; the app’s own still read back', () => {
    const cdn = servedUrls(`${CDN}/`);
    expect(cdn.urlOf(KEY)).toBe(`${CDN}/${KEY}`);
    expect(cdn.keyOf(`${CDN}/${KEY}`)).toBe(KEY);
    expect(cdn.keyOf(`/uploads/${KEY}`)).toBe(KEY);
    expect(cdn.keyOf(`${CDN}/originals/${KEY}`)).toBeUndefined();
    expect(cdn.keyOf(`https://elsewhere.example.com/${KEY}`)).toBeUndefined();
  });
});

describe('with MEDIA_PUBLIC_URL', () => {
  it('links an upload at the public address, and a review takes it and lets it go', async () => {
    const { api } = await server.person();
    const { status, body } = await api.upload<UploadResponse>('/api/upload', 'files', [
      { name: 'a.png', type: 'image/png', bytes: await pngImage() },
    ]);
    expect(status).toBe(201);
    const [file] = body.files;
    expect(file!.url.startsWith(`${CDN}/`)).toBe(true);
    expect(file!.thumbnailUrl.startsWith(`${CDN}/`)).toBe(true);
    await jobsSettled(server.db());

    const concert = await createConcert(server.db(), { date: daysFromToday(-2) });
    const posted = await api.post<Review>('/api/reviews', {
      ...TEST_RATINGS,
      concertId: concert.id,
      reviewText: 'Every photo of this night is a keeper.',
      media: [{ id: file!.id }],
    });
    expect(posted.status).toBe(201);
    expect(posted.body.photos).toEqual([file!.url]);

    const key = file!.url.slice(CDN.length + 1);
    const [row] = await server
      .db()
      .select({ photos: reviews.photos, media: reviews.media })
      .from(reviews)
      .where(eq(reviews.id, posted.body.id));
    expect(row!.photos).toEqual([key]);
    expect(row!.media[0]).toMatchObject({
      url: key,
      thumbnailUrl: file!.thumbnailUrl.slice(CDN.length + 1),
    });
    expect(await server.app.fileStore.has(key)).toBe(true);
    expect((await api.delete(`/api/reviews/${posted.body.id}`)).status).toBe(204);
    await jobsSettled(server.db());
    expect(await server.app.fileStore.has(key)).toBe(false);
  });
});

describe('what rows keep, with MEDIA_PUBLIC_URL', () => {
  it('is linked at the public address: a review’s photos and media, a person’s picture', async () => {
    const key = 'cd/00000000-0000-4000-8000-0000000000cd.webp';
    const thumbnailKey = 'cd/00000000-0000-4000-8000-0000000000cd-thumb.webp';
    const picture = 'ef/00000000-0000-4000-8000-0000000000ef.webp';
    const { user, api } = await server.person({ profileImageUrl: picture });
    const concert = await createConcert(server.db(), { date: daysFromToday(-4) });
    const review = await createReview(server.db(), {
      userId: user.id,
      concertId: concert.id,
      photos: [key],
      media: mediaOfPhotoUrls([key]).map((item) => ({ ...item, thumbnailUrl: thumbnailKey })),
    });

    const single = await api.get<Review>(`/api/reviews/${review.id}`);
    expect(single.body.photos).toEqual([`${CDN}/${key}`]);
    expect(single.body.media).toEqual([
      expect.objectContaining({ url: `${CDN}/${key}`, thumbnailUrl: `${CDN}/${thumbnailKey}` }),
    ]);
    expect(single.body.user.profileImageUrl).toBe(`${CDN}/${picture}`);
    const list = await api.get<Review[]>(`/api/concerts/${concert.id}/reviews`);
    expect(list.body.map((item) => item.photos)).toEqual([[`${CDN}/${key}`]]);
    const me = await api.get<CurrentUser>('/api/user');
    expect(me.body.profileImageUrl).toBe(`${CDN}/${picture}`);

    // The person as others see them: their profile, a follower list, a search.
    const { user: fan, api: follower } = await server.person();
    const profile = await follower.get<{ profileImageUrl: string }>(`/api/users/${user.id}`);
    expect(profile.body.profileImageUrl).toBe(`${CDN}/${picture}`);
    expect((await follower.post(`/api/users/${user.id}/follow`)).status).toBeLessThan(300);
    const followed = await follower.get<{ id: string; profileImageUrl: string }[]>(
      `/api/users/${fan.id}/following`,
    );
    expect(followed.body.map((person) => [person.id, person.profileImageUrl])).toEqual([
      [user.id, `${CDN}/${picture}`],
    ]);
    const found = await follower.get<{ id: string; profileImageUrl: string }[]>(
      `/api/users/search?q=${user.username}`,
    );
    expect(found.body.find((person) => person.id === user.id)?.profileImageUrl).toBe(
      `${CDN}/${picture}`,
    );
  });
});
