/**
 * Uploads on the real app, its jobs running in process: the request answers at once with
 * the upload processing, and the files are served once its job has made them.
 * (Processing held back, the job run by hand: media-processing.test.ts.)
 */
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { MAX_PROFILE_IMAGE_BYTES, MAX_REVIEW_PHOTO_BYTES } from '#shared/limits';
import type { UploadedFile, UploadResponse } from '#shared/schemas/media';
import type { Review } from '#shared/schemas/reviews';
import { uploads } from '#server/db/schema.ts';
import { daysFromToday } from '#server/db/seed/factories.ts';
import { apiClient, signedInPerson, type ApiClient } from '#server/testing/api-client.ts';
import { jobsSettled } from '#server/testing/jobs.ts';
import {
  JPEG_IN_NAME_ONLY,
  ftypThenNoise,
  mp4Video,
  realVideo,
  phonePhoto,
  pngImage,
  SVG_IMAGE,
  undecodablePng,
} from '#server/testing/media-files.ts';
import { TEST_RATINGS } from '#server/testing/review-fixtures.ts';
import { startTestApp } from '#server/testing/test-app.ts';
import { testStorageKind } from '#server/testing/test-storage.ts';
import { useTestApp } from '#server/testing/use-test-app.ts';
import { sweepUnusedUploads } from './index.ts';

const server = useTestApp({ env: { UPLOADS_PER_USER_PER_HOUR: '1000' } });
const { db, create } = server;
let me: ApiClient;

beforeAll(async () => {
  me = (await server.person()).api;
});

const storeRoot = () => path.join(server.dataDir, 'uploads');
const isOriginal = (key: string) => key.startsWith('originals/');
const fetchFile = (url: string, headers: Record<string, string> = {}) =>
  apiClient(server.app).get(url, { headers });

/** The keys of the served files, on either storage driver. */
const storedFiles = async () =>
  (await server.app.fileStore.keys()).filter((k) => !isOriginal(k)).sort();
/** Files as received, kept while they are processed. */
const originals = async () => (await server.app.fileStore.keys()).filter(isOriginal).sort();

async function uploadRowsOf(owner: string) {
  return db().select().from(uploads).where(eq(uploads.userId, owner));
}

async function uploadRow(id: string) {
  const [row] = await db().select().from(uploads).where(eq(uploads.id, id));
  return row;
}

/** Waits for the upload's job to end it; its row then. */
async function processed(file: UploadedFile) {
  await vi.waitFor(async () => expect((await uploadRow(file.id))?.state).not.toBe('processing'), {
    timeout: 10_000,
    interval: 20,
  });
  // The original's removal is a job of its own, queued as processing ended.
  await jobsSettled(db());
  return (await uploadRow(file.id))!;
}

describe('POST /api/upload', () => {
  it('re-encodes a phone photo upright, without EXIF or GPS, with a thumbnail', async () => {
    const sent = await phonePhoto(64, 32);
    expect((await sharp(sent).metadata()).exif).toBeDefined();
    const { status, body } = await me.upload<UploadResponse>('/api/upload', 'files', [
      { name: 'gig.jpg', type: 'image/jpeg', bytes: sent },
    ]);
    expect(status).toBe(201);
    const [file] = body.files;
    expect(body.paths).toEqual([file!.url]);
    // Answered before the photo is decoded: its urls are decided, its size not yet known.
    expect(file).toMatchObject({
      name: 'gig.jpg',
      kind: 'image',
      contentType: 'image/webp',
      processing: true,
      failed: false,
      width: null,
      height: null,
    });
    expect(file!.url).toMatch(/^\/uploads\/[0-9a-f]{2}\/[0-9a-f-]{36}\.webp$/);
    expect(file!.thumbnailUrl).toMatch(/-thumb\.webp$/);

    const row = await processed(file!);
    // Stored sideways with orientation 6: upright it is taller than wide.
    expect(row).toMatchObject({ state: 'ready', width: 32, height: 64, originalKey: null });
    const served = await fetchFile(file!.url);
    expect(served.status).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    // Deleted media must not outlive its deletion in shared caches by more than a day.
    expect(served.headers['cache-control']).toBe('public, max-age=86400');
    expect(served.headers.etag).toBeTruthy();
    const metadata = await sharp(served.bytes).metadata();
    expect(metadata).toMatchObject({ format: 'webp', width: 32, height: 64 });
    expect(metadata.exif).toBeUndefined();
    expect(served.bytes.includes(Buffer.from('GPS'))).toBe(false);
    expect(served.bytes.includes(Buffer.from('Camera Owner'))).toBe(false);
    expect(row.byteSize).toBe(served.bytes.length);
    expect((await fetchFile(file!.thumbnailUrl)).status).toBe(200);
    // The photo as sent, GPS and all, is gone once the served files exist.
    expect(
      (await originals()).some((name) => name.includes(path.basename(file!.url, '.webp'))),
    ).toBe(false);
  });

  it.skipIf(testStorageKind() === 's3')('keeps files private to the app on disk', async () => {
    const { body } = await me.upload<UploadResponse>('/api/upload', 'files', [
      { name: 'a.png', type: 'image/png', bytes: await pngImage() },
    ]);
    await processed(body.files[0]!);
    const file = path.join(storeRoot(), body.files[0]!.url.replace('/uploads/', ''));
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect((await stat(path.dirname(file))).mode & 0o777).toBe(0o700);
  });

  it('keeps videos as sent once their container reads, with their size and length, and serves them with range requests', async () => {
    const video = await mp4Video(50_000);
    const { status, body } = await me.upload<UploadResponse>('/api/upload', 'files', [
      { name: 'encore.mp4', type: 'video/mp4', bytes: video },
      { name: 'clip.mov', type: 'video/quicktime', bytes: await realVideo('mov') },
      { name: 'clip.webm', type: 'video/webm', bytes: await realVideo('webm') },
    ]);
    expect(status).toBe(201);
    expect(body.files.map((f) => [f.kind, f.contentType, f.processing, f.width, f.height])).toEqual(
      [
        ['video', 'video/mp4', true, 64, 48],
        ['video', 'video/quicktime', true, 48, 64],
        ['video', 'video/webm', true, 64, 48],
      ],
    );
    const [mp4, mov, webm] = body.files;
    expect(mp4!.thumbnailUrl).toBe(mp4!.url);
    for (const file of [mp4!, mov!, webm!]) {
      expect(await processed(file)).toMatchObject({
        state: 'ready',
        width: file.width,
        height: file.height,
        durationMs: 1000,
      });
    }
    const part = await fetchFile(mp4!.url, { range: 'bytes=100-199' });
    expect(part.status).toBe(206);
    expect(part.headers['content-type']).toBe('video/mp4');
    expect(part.headers['content-range']).toBe('bytes 100-199/50000');
    expect(part.bytes.length).toBe(100);
  });

  it('refuses a video whose container does not read (an MP4 header, then anything) or is too long or too large', async () => {
    await jobsSettled(db());
    const before = [...(await storedFiles()), ...(await originals())];
    const cases = [
      ['noise.mp4', ftypThenNoise(MAX_REVIEW_PHOTO_BYTES), 'it has no video track'],
      ['cut.webm', (await realVideo('webm')).subarray(0, 200), 'it has no video track'],
      ['long.mp4', await realVideo('tooLong'), 'it is longer than 10 minutes'],
      [
        'wide.mp4',
        await realVideo('tooWide'),
        'its size (8000×16) is not between 16 and 7680 pixels a side',
      ],
    ] as const;
    for (const [name, bytes, reason] of cases) {
      expect(
        await me.upload('/api/upload', 'files', [{ name, type: 'video/mp4', bytes }]),
      ).toMatchObject({
        status: 400,
        body: { message: `${name} is not a video Encore can show: ${reason}` },
      });
    }
    expect([...(await storedFiles()), ...(await originals())]).toEqual(before);
  });

  it('reads the type from the bytes, not the name or the declared type', async () => {
    await jobsSettled(db());
    const before = [...(await storedFiles()), ...(await originals())];
    const cases = [
      { name: 'notes.jpg', type: 'image/jpeg', bytes: Buffer.from('just some text, not a photo') },
      { name: 'logo.svg', type: 'image/svg+xml', bytes: SVG_IMAGE },
      { name: 'logo.png', type: 'image/png', bytes: SVG_IMAGE },
    ];
    for (const file of cases) {
      const { status, body } = await me.upload('/api/upload', 'files', [file]);
      expect(status).toBe(400);
      expect(body).toEqual({
        message: `${file.name} is not one of JPEG, PNG, WebP, AVIF or HEIC photos and MP4, WebM or MOV videos`,
      });
    }
    // A file that starts like a JPEG and is not one is refused in the request too.
    expect(
      await me.upload('/api/upload', 'files', [
        { name: 'fake.jpg', type: 'image/jpeg', bytes: JPEG_IN_NAME_ONLY },
      ]),
    ).toMatchObject({ status: 400, body: { message: 'fake.jpg could not be read as an image' } });
    expect([...(await storedFiles()), ...(await originals())]).toEqual(before);
  });

  it('keeps none of a request when one of its files is refused', async () => {
    const { user, api: client } = await server.person();
    const owner = user.id;
    await jobsSettled(db());
    const before = [...(await storedFiles()), ...(await originals())];
    const { status, body } = await client.upload('/api/upload', 'files', [
      { name: 'good.png', type: 'image/png', bytes: await pngImage() },
      { name: 'bad.jpg', type: 'image/jpeg', bytes: Buffer.from('not an image at all') },
    ]);
    expect(status).toBe(400);
    expect(body).toEqual({ message: expect.stringContaining('bad.jpg') });
    expect(await uploadRowsOf(owner)).toEqual([]);
    expect([...(await storedFiles()), ...(await originals())]).toEqual(before);
  });

  it('refuses a photo of more pixels than PHOTO_MAX_MEGAPIXELS from its header, and takes a 50 MP phone photo', async () => {
    const plain = (width: number, height: number) =>
      sharp({ create: { width, height, channels: 3, background: '#777' } })
        .png({ compressionLevel: 9 })
        .toBuffer();
    const { user, api } = await server.person();
    // 56 megapixels in a few hundred kilobytes: decoding it would cost far more than reading it.
    const huge = await plain(8000, 7000);
    expect(huge.length).toBeLessThan(512 * 1024);
    const refused = await api.upload('/api/upload', 'files', [
      { name: 'huge.png', type: 'image/png', bytes: huge },
    ]);
    expect(refused).toMatchObject({
      status: 413,
      body: {
        message: 'huge.png is 8000×7000 pixels (56 megapixels); a photo may have at most 52',
      },
    });
    // Refused before anything was kept, so nothing will ever decode it.
    expect(await uploadRowsOf(user.id)).toEqual([]);

    // A phone's 50 MP mode (8160×6144) is a photo like any other.
    const { status, body } = await api.upload<UploadResponse>('/api/upload', 'files', [
      { name: 'full-res.png', type: 'image/png', bytes: await plain(8160, 6144) },
    ]);
    expect(status).toBe(201);
    expect(await processed(body.files[0]!)).toMatchObject({
      state: 'ready',
      width: 1600,
      height: 1205,
    });
  });

  it('fails a photo that does not decode: nothing of it is served, and no review takes it', async () => {
    const { body, status } = await me.upload<UploadResponse>('/api/upload', 'files', [
      { name: 'garbled.png', type: 'image/png', bytes: await undecodablePng() },
    ]);
    // Its header reads, so the request takes it; only decoding finds it broken.
    expect(status).toBe(201);
    const [file] = body.files;
    expect(file).toMatchObject({ processing: true, failed: false });
    // Decoding again would fail again: it ends failed at once, not after retries.
    expect(await processed(file!)).toMatchObject({ state: 'failed', originalKey: null });
    expect((await fetchFile(file!.url)).status).toBe(404);
    expect((await fetchFile(file!.thumbnailUrl)).status).toBe(404);
    expect(
      (await originals()).some((name) => name.includes(path.basename(file!.url, '.webp'))),
    ).toBe(false);

    const concert = await create.concert({ date: daysFromToday(-2) });
    expect(
      await me.post('/api/reviews', {
        ...TEST_RATINGS,
        reviewText: 'A night worth a photo, had it come out.',
        concertId: concert.id,
        media: [{ id: file!.id }],
      }),
    ).toMatchObject({
      status: 400,
      body: { message: 'media: garbled.png could not be processed; upload it again' },
    });
  });

  it('shows a review’s photo processing, then ready with its size once its job ran', async () => {
    const concert = await create.concert({ date: daysFromToday(-2) });
    const { body } = await me.upload<UploadResponse>('/api/upload', 'files', [
      { name: 'wide.png', type: 'image/png', bytes: await pngImage(40, 30) },
    ]);
    const posted = await me.post<Review>('/api/reviews', {
      ...TEST_RATINGS,
      reviewText: 'Posted the moment the upload answered.',
      concertId: concert.id,
      media: body.files.map(({ id }) => ({ id })),
    });
    expect(posted.status).toBe(201);
    // Its job may have run already; either way the review ends up showing it ready.
    await processed(body.files[0]!);
    const { body: review } = await me.get<Review>(`/api/reviews/${posted.body.id}`);
    expect(review.media).toEqual([
      expect.objectContaining({
        url: body.paths[0],
        processing: false,
        failed: false,
        width: 40,
        height: 30,
      }),
    ]);
  });

  it('takes at most 5 files of 10 MB', async () => {
    const six = await Promise.all(
      Array.from({ length: 6 }, async (_, i) => ({
        name: `p${i}.png`,
        type: 'image/png',
        bytes: await pngImage(),
      })),
    );
    expect(await me.upload('/api/upload', 'files', six)).toMatchObject({
      status: 400,
      body: { message: 'At most 5 files can be uploaded at once' },
    });
    const exactly = await me.upload<UploadResponse>('/api/upload', 'files', [
      { name: 'full.mp4', type: 'video/mp4', bytes: await mp4Video(MAX_REVIEW_PHOTO_BYTES) },
    ]);
    expect(exactly.status).toBe(201);
    expect(exactly.body.files[0]!.size).toBe(MAX_REVIEW_PHOTO_BYTES);
    expect(
      await me.upload('/api/upload', 'files', [
        {
          name: 'long.mp4',
          type: 'video/mp4',
          bytes: await mp4Video(MAX_REVIEW_PHOTO_BYTES + 1),
        },
      ]),
    ).toMatchObject({ status: 413, body: { message: 'long.mp4 is larger than 10 MB' } });
  });

  it('answers 400 for other fields, no files or a JSON body, and 401 when signed out', async () => {
    const png = { name: 'a.png', type: 'image/png', bytes: await pngImage() };
    expect(await me.upload('/api/upload', 'photo', [png])).toMatchObject({
      status: 400,
      body: { message: "Send only the files, in the field 'files'" },
    });
    expect(await me.upload('/api/upload', 'files', [])).toMatchObject({
      status: 400,
      body: { message: "No files were sent in the field 'files'" },
    });
    expect(await me.post('/api/upload', { files: ['x'] })).toMatchObject({
      status: 400,
      body: { message: "Send the files as multipart/form-data in the field 'files'" },
    });
    expect(await apiClient(server.app).upload('/api/upload', 'files', [png])).toMatchObject({
      status: 401,
    });
  });
});

describe('POST /api/upload/profile-image', () => {
  it('takes one image of up to 5 MB and answers its url', async () => {
    const { status, body } = await me.upload<{ url: string; file: UploadedFile }>(
      '/api/upload/profile-image',
      'file',
      [{ name: 'me.jpg', type: 'image/jpeg', bytes: await phonePhoto(900, 600) }],
    );
    expect(status).toBe(201);
    expect(body.url).toMatch(/^\/uploads\/.+\.webp$/);
    await processed(body.file);
    const served = await fetchFile(body.url);
    expect(await sharp(served.bytes).metadata()).toMatchObject({ width: 512, height: 512 });
  });

  it('refuses a video, a second file and a file over 5 MB', async () => {
    const png = { name: 'a.png', type: 'image/png', bytes: await pngImage() };
    expect(
      await me.upload('/api/upload/profile-image', 'file', [
        { name: 'me.mp4', type: 'video/mp4', bytes: await mp4Video() },
      ]),
    ).toMatchObject({
      status: 400,
      body: { message: 'me.mp4 is not an image: a profile picture is a photo' },
    });
    expect(await me.upload('/api/upload/profile-image', 'file', [png, png])).toMatchObject({
      status: 400,
      body: { message: 'At most 1 file can be uploaded at once' },
    });
    expect(
      await me.upload('/api/upload/profile-image', 'file', [
        { name: 'big.png', type: 'image/png', bytes: Buffer.alloc(MAX_PROFILE_IMAGE_BYTES + 1) },
      ]),
    ).toMatchObject({ status: 413, body: { message: 'big.png is larger than 5 MB' } });
  });
});

describe('the sweep of unused uploads', () => {
  it('removes uploads no review took after a day, with their files, and keeps attached ones', async () => {
    const { user, api: client } = await server.person();
    const owner = user.id;
    const { body } = await client.upload<UploadResponse>('/api/upload', 'files', [
      { name: 'kept.png', type: 'image/png', bytes: await pngImage() },
      { name: 'dropped.png', type: 'image/png', bytes: await pngImage() },
    ]);
    const [kept, dropped] = body.files;
    await processed(kept!);
    await processed(dropped!);
    const review = await create.review({ userId: owner });
    await db().update(uploads).set({ reviewId: review.id }).where(eq(uploads.id, kept!.id));

    const ctx = { db: db(), files: server.app.fileStore };
    const limits = { requestsPerUserPerHour: 1000, unattachedTtlMs: 24 * 60 * 60 * 1000 };
    // Not a day old yet: nothing goes.
    await sweepUnusedUploads(ctx, limits);
    expect((await fetchFile(dropped!.url)).status).toBe(200);

    const dayLater = new Date(Date.now() + 25 * 60 * 60 * 1000);
    expect(await sweepUnusedUploads(ctx, limits, dayLater)).toBeGreaterThanOrEqual(1);
    expect((await uploadRowsOf(owner)).map((row) => row.id)).toEqual([kept!.id]);
    expect((await fetchFile(dropped!.url)).status).toBe(404);
    expect((await fetchFile(dropped!.thumbnailUrl)).status).toBe(404);
    expect((await fetchFile(kept!.url)).status).toBe(200);
  });
});

describe('the hourly allowance', () => {
  it('answers 429 past UPLOADS_PER_USER_PER_HOUR requests, counted in the database', async () => {
    const limited = await startTestApp({ env: { UPLOADS_PER_USER_PER_HOUR: '2' } });
    try {
      const { api: client } = await signedInPerson(limited);
      const png = { name: 'a.png', type: 'image/png', bytes: await pngImage() };
      const answers = await Promise.all(
        Array.from({ length: 4 }, () => client.upload('/api/upload', 'files', [png])),
      );
      expect(answers.map((a) => a.status).sort()).toEqual([201, 201, 429, 429]);
      const refused = answers.find((a) => a.status === 429)!;
      expect(refused.body).toEqual({
        message: expect.stringMatching(/^Too many uploads; try again in (a minute|\d+ minutes)$/),
      });
      // Within the hour the allowance renews, in whole seconds.
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(3600);
    } finally {
      await limited.close();
    }
  });
});
