import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { UploadedFile, UploadResponse } from '#shared/schemas/media';
import { uploads } from '#server/db/schema.ts';
import type { ApiClient } from '#server/testing/api-client.ts';
import { mp4Video } from '#server/testing/media-files.ts';
import { useTestApp } from '#server/testing/use-test-app.ts';

const MB = 1024 * 1024;
const server = useTestApp({
  env: {
    UPLOADS_PER_USER_PER_HOUR: '1000',
    UPLOAD_MB_PER_USER_PER_DAY: '6',
    UNATTACHED_UPLOAD_MB_PER_USER: '2',
  },
});
const { db, person, create } = server;

/** A real video of 1 MB less a little, so that two fit in 2 MB. */
const video = async () => ({
  name: 'clip.mp4',
  type: 'video/mp4',
  bytes: await mp4Video(MB - 4096),
});
const upload = async (api: ApiClient) =>
  api.upload<UploadResponse>('/api/upload', 'files', [await video()]);

/** A real picture of 1 MB less a little: noise, which PNG cannot make smaller. */
const noisyPicture = async () => ({
  name: 'me.png',
  type: 'image/png',
  bytes: await sharp(randomBytes(500 * 500 * 4), { raw: { width: 500, height: 500, channels: 4 } })
    .png({ compressionLevel: 0 })
    .toBuffer(),
});
const uploadPicture = async (api: ApiClient) =>
  api.upload<{ url: string; file: UploadedFile }>('/api/upload/profile-image', 'file', [
    await noisyPicture(),
  ]);

describe('the upload quota', () => {
  it('keeps a person’s unattached uploads within their allowance, even for requests sent at once', async () => {
    const { user, api } = await person();
    const answers = await Promise.all([upload(api), upload(api), upload(api), upload(api)]);
    expect(answers.map((a) => a.status).sort()).toEqual([201, 201, 413, 413]);
    expect(answers.find((a) => a.status === 413)!.body).toEqual({
      message:
        'Your uploads that no review shows yet hold 2 MB of at most 2 MB: add them to a ' +
        'review, or upload again once unused ones are removed',
    });
    const rows = await db().select().from(uploads).where(eq(uploads.userId, user.id));
    expect(rows).toHaveLength(2);

    // Shown by a review, they no longer count.
    const review = await create.review({ userId: user.id });
    await db().update(uploads).set({ reviewId: review.id }).where(eq(uploads.userId, user.id));
    expect((await upload(api)).status).toBe(201);
  });

  it('answers 429 with Retry-After past UPLOAD_MB_PER_USER_PER_DAY', async () => {
    const { user, api } = await person();
    const review = await create.review({ userId: user.id });
    // Each upload is attached at once, so only the daily allowance can refuse.
    for (let i = 0; i < 6; i++) {
      expect((await upload(api)).status).toBe(201);
      await db().update(uploads).set({ reviewId: review.id }).where(eq(uploads.userId, user.id));
    }
    const refused = await upload(api);
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({
      message: expect.stringMatching(
        /^Too many uploads today \(at most 6 MB a day\); try again in \d+ minutes$/,
      ) as string,
    });
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(23 * 3600);
    expect(retryAfter).toBeLessThanOrEqual(24 * 3600);
    // Someone else is not affected.
    expect((await upload((await person()).api)).status).toBe(201);
  });

  it('counts profile pictures that are not in use, with review uploads', async () => {
    const { api } = await person();
    const picture = await noisyPicture();
    expect(picture.bytes.length).toBeGreaterThan(MB - 64 * 1024);
    expect(picture.bytes.length).toBeLessThan(MB);

    const first = await uploadPicture(api);
    expect(first.status).toBe(201);
    expect((await upload(api)).status).toBe(201);
    const refused = await uploadPicture(api);
    expect(refused.status).toBe(413);
    expect(refused.body).toEqual({
      message:
        'Your uploads not in use yet hold 2 MB of at most 2 MB: choose one as your picture ' +
        'or add them to a review, or upload again once unused ones are removed',
    });
    expect((await upload(api)).status).toBe(413);

    // Chosen as the picture (waiting for processing, here or not), it no longer counts.
    expect((await api.put('/api/users/me', { profileImageUrl: first.body.url })).status).toBe(200);
    expect((await uploadPicture(api)).status).toBe(201);
    expect((await uploadPicture(api)).status).toBe(413);
  });
});
