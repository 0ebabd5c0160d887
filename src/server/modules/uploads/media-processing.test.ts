/**
 * Processing after the upload, held back: this app runs no jobs itself
 * (JOB_WORKERS_IN_PROCESS=false, as beside `npm run worker`), so each test sees an upload
 * while it is processing and then runs its process-media job by hand, once or more, as a
 * worker would. Reads are cached, so a job's change must drop them.
 */
import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { UploadedFile, UploadResponse } from '#shared/schemas/media';
import type { Review } from '#shared/schemas/reviews';
import type { CurrentUser } from '#shared/schemas/users';
import { executeRows } from '#server/db/index.ts';
import { uploads } from '#server/db/schema.ts';
import { daysFromToday } from '#server/db/seed/factories.ts';
import { apiClient, type ApiClient } from '#server/testing/api-client.ts';
import { mp4Video, phonePhoto, pngImage, undecodablePng } from '#server/testing/media-files.ts';
import { TEST_RATINGS } from '#server/testing/review-fixtures.ts';
import { testStorageKind } from '#server/testing/test-storage.ts';
import { useTestApp } from '#server/testing/use-test-app.ts';
import type { FileStore } from '#server/storage/index.ts';
import { processMedia, sweepUnusedUploads } from './index.ts';

const server = useTestApp({
  env: {
    JOB_WORKERS_IN_PROCESS: 'false',
    RESPONSE_CACHE_SECONDS: '60',
    UPLOADS_PER_USER_PER_HOUR: '1000',
  },
});
const { db, person, create } = server;

const fetchFile = (url: string) => apiClient(server.app).get(url);
const firstRun = { lastAttempt: false };

/** The process-media job of an upload, run as a worker runs it. */
function runJob(file: UploadedFile, files: FileStore = server.app.fileStore, run = firstRun) {
  const { app } = server;
  const uploads = { maxPhotoPixels: 52_000_000 };
  return processMedia({ db: db(), files, writer: app.writer, log: app.log, uploads }, file.id, run);
}

async function uploadRow(id: string) {
  const [row] = await db().select().from(uploads).where(eq(uploads.id, id));
  return row;
}

/** Every key of the store (originals included), and every file still arriving, as `incoming/…`. */
async function filesOnDisk(): Promise<string[]> {
  const incoming = await readdir(server.app.fileStore.incomingDir, { recursive: true });
  return [
    ...(await server.app.fileStore.keys()),
    ...incoming.map((name) => `incoming/${name}`),
  ].sort();
}

/** The store keys of the remove-files jobs queued (and, here, never run) so far. */
async function keysQueuedForRemoval(): Promise<string[]> {
  const jobs = await executeRows<{ data: { keys: string[] } }>(
    db(),
    sql`SELECT data FROM pgboss.job WHERE name = 'remove-files' AND state = 'created'`,
  );
  return jobs.flatMap((job) => job.data.keys);
}

async function uploadPhoto(api: ApiClient, bytes: Buffer, name = 'photo.png') {
  const { status, body } = await api.upload<UploadResponse>('/api/upload', 'files', [
    { name, type: 'image/png', bytes },
  ]);
  expect(status).toBe(201);
  return body.files[0]!;
}

const idOf = (file: UploadedFile) => path.basename(file.url, '.webp');

describe('an upload while it is processing', () => {
  it('keeps the photo as received where nothing serves it', async () => {
    const { api } = await person();
    const { body } = await api.upload<UploadResponse>('/api/upload', 'files', [
      { name: 'gig.jpg', type: 'image/jpeg', bytes: await phonePhoto(64, 32) },
    ]);
    const [file] = body.files;
    expect(file).toMatchObject({ processing: true, failed: false, width: null, height: null });
    const row = await uploadRow(file!.id);
    expect(row).toMatchObject({ state: 'processing' });
    expect(row!.originalKey).toBe(`originals/${idOf(file!).slice(0, 2)}/${idOf(file!)}.jpg`);

    expect(await server.app.fileStore.has(row!.originalKey!)).toBe(true);
    if (testStorageKind() === 'local') {
      // On the local disk, the original is the app's alone.
      const original = path.join(
        server.dataDir,
        'uploads-originals',
        `${row!.fileKey.slice(0, 2)}`,
      );
      const kept = path.join(original, `${idOf(file!)}.jpg`);
      expect((await stat(kept)).mode & 0o777).toBe(0o600);
      expect((await stat(original)).mode & 0o777).toBe(0o700);
    }
    for (const url of [
      `/uploads/${row!.originalKey}`,
      `/uploads/../uploads-originals/${row!.originalKey!.slice('originals/'.length)}`,
      `/uploads/%2e%2e/uploads-originals/${row!.originalKey!.slice('originals/'.length)}`,
    ]) {
      expect({ url, status: (await fetchFile(url)).status }).toEqual({ url, status: 404 });
    }

    await runJob(file!);
    const served = await fetchFile(file!.url);
    expect(served.status).toBe(200);
    const metadata = await sharp(served.bytes).metadata();
    expect(metadata).toMatchObject({ format: 'webp', width: 32, height: 64 });
    expect(metadata.exif).toBeUndefined();
    expect(served.bytes.includes(Buffer.from('GPS'))).toBe(false);
    expect((await fetchFile(file!.thumbnailUrl)).status).toBe(200);
    expect(await uploadRow(file!.id)).toMatchObject({
      state: 'ready',
      width: 32,
      height: 64,
      byteSize: served.bytes.length,
      originalKey: null,
    });
    // The original goes with the job that processing's end queued.
    expect(await keysQueuedForRemoval()).toContain(row!.originalKey);
  });

  it('answers its URLs with a placeholder picture, never cached, until the photo is made', async () => {
    const { api } = await person();
    const sent = await phonePhoto(64, 32);
    const { body } = await api.upload<UploadResponse>('/api/upload', 'files', [
      { name: 'gig.jpg', type: 'image/jpeg', bytes: sent },
    ]);
    const [file] = body.files;
    for (const url of [file!.url, file!.thumbnailUrl]) {
      const waiting = await fetchFile(url);
      expect(waiting.status).toBe(200);
      expect(waiting.headers).toMatchObject({
        'content-type': 'image/webp',
        'cache-control': 'no-store',
        'x-content-type-options': 'nosniff',
      });
      expect(await sharp(waiting.bytes).metadata()).toMatchObject({ format: 'webp' });
      // Nothing of the photo as received, its GPS least of all.
      expect(waiting.bytes.includes(Buffer.from('GPS'))).toBe(false);
      expect(waiting.bytes.equals(sent)).toBe(false);
    }

    await runJob(file!);
    const served = await fetchFile(file!.url);
    expect(served.status).toBe(200);
    expect(served.headers['cache-control']).toBe('public, max-age=86400');
    expect(await sharp(served.bytes).metadata()).toMatchObject({
      format: 'webp',
      width: 32,
      height: 64,
    });
    expect((await fetchFile(file!.thumbnailUrl)).headers['cache-control']).toBe(
      'public, max-age=86400',
    );
  });

  it('answers a video’s URL with the video as received until it is checked again', async () => {
    const { api } = await person();
    const video = await mp4Video(20_000);
    const { body } = await api.upload<UploadResponse>('/api/upload', 'files', [
      { name: 'clip.mp4', type: 'video/mp4', bytes: video },
    ]);
    const [file] = body.files;
    const waiting = await fetchFile(file!.url);
    expect(waiting.status).toBe(200);
    expect(waiting.headers).toMatchObject({
      'content-type': 'video/mp4',
      'cache-control': 'no-store',
    });
    expect(waiting.bytes.equals(video)).toBe(true);

    await runJob(file!);
    const served = await fetchFile(file!.url);
    expect(served.headers['cache-control']).toBe('public, max-age=86400');
    expect(served.bytes.equals(video)).toBe(true);
  });

  it('shows on a review as processing, then ready with its size, and the cached page follows', async () => {
    const { api } = await person();
    const concert = await create.concert({ date: daysFromToday(-2) });
    const file = await uploadPhoto(api, await pngImage(40, 30));
    const posted = await api.post<Review>('/api/reviews', {
      ...TEST_RATINGS,
      reviewText: 'Posted while the photo was still being processed.',
      concertId: concert.id,
      media: [{ id: file.id, altText: 'The stage' }],
    });
    expect(posted.status).toBe(201);
    const processing = {
      id: file.id,
      url: file.url,
      thumbnailUrl: file.thumbnailUrl,
      kind: 'image',
      contentType: 'image/webp',
      width: null,
      height: null,
      altText: 'The stage',
      processing: true,
      failed: false,
    };
    expect(posted.body.media).toEqual([processing]);

    const visitor = apiClient(server.app);
    const page = `/api/concerts/${concert.id}/reviews`;
    const before = await visitor.get<Review[]>(page);
    expect(before.body.map((review) => review.media)).toEqual([[processing]]);

    await runJob(file);
    const ready = { ...processing, width: 40, height: 30, processing: false };
    const after = await visitor.get<Review[]>(page);
    expect(after.body.map((review) => review.media)).toEqual([[ready]]);
    expect(after.body[0]!.photos).toEqual([file.url]);
    expect((await api.get<Review>(`/api/reviews/${posted.body.id}`)).body.media).toEqual([ready]);
  });

  it('ends with one set of files and the same row when its job runs twice, even at once', async () => {
    const { api } = await person();
    const file = await uploadPhoto(api, await pngImage(30, 20));
    const removalsBefore = (await keysQueuedForRemoval()).length;
    await Promise.all([runJob(file), runJob(file)]);
    const row = await uploadRow(file.id);
    const files = (await filesOnDisk()).filter((name) => name.includes(idOf(file)));
    await runJob(file);

    expect(await uploadRow(file.id)).toEqual(row);
    expect(row).toMatchObject({ state: 'ready', width: 30, height: 20, originalKey: null });
    const folder = idOf(file).slice(0, 2);
    // The original stays on disk until its removal job runs (not in this app).
    expect((await filesOnDisk()).filter((name) => name.includes(idOf(file)))).toEqual(files);
    expect(files).toEqual(
      [
        `originals/${folder}/${idOf(file)}.png`,
        `${folder}/${idOf(file)}-thumb.webp`,
        `${folder}/${idOf(file)}.webp`,
      ].sort(),
    );
    // Released once: only the run that ended the processing did.
    const removals = (await keysQueuedForRemoval()).slice(removalsBefore);
    expect(removals).toEqual([`originals/${folder}/${idOf(file)}.png`]);
    expect(await filesOnDisk()).not.toContainEqual(expect.stringMatching(/^incoming\//));
  });

  it('does nothing for an upload deleted meanwhile; the sweep takes its original', async () => {
    const { user, api } = await person();
    const file = await uploadPhoto(api, await pngImage());
    const dayLater = new Date(Date.now() + 25 * 60 * 60 * 1000);
    const limits = { requestsPerUserPerHour: 1000, unattachedTtlMs: 24 * 60 * 60 * 1000 };
    await sweepUnusedUploads({ db: db(), files: server.app.fileStore }, limits, dayLater);
    expect(await db().select().from(uploads).where(eq(uploads.userId, user.id))).toEqual([]);
    expect((await filesOnDisk()).filter((name) => name.includes(idOf(file)))).toEqual([]);

    await runJob(file);
    expect((await filesOnDisk()).filter((name) => name.includes(idOf(file)))).toEqual([]);
    expect((await fetchFile(file.url)).status).toBe(404);
  });

  it('releases the original with the review or the account it belongs to', async () => {
    const { api } = await person();
    const concert = await create.concert({ date: daysFromToday(-2) });
    const onReview = await uploadPhoto(api, await pngImage());
    const posted = await api.post<Review>('/api/reviews', {
      ...TEST_RATINGS,
      reviewText: 'Deleted before its photo was ready.',
      concertId: concert.id,
      media: [{ id: onReview.id }],
    });
    const { originalKey: reviewOriginal } = (await uploadRow(onReview.id))!;
    expect((await api.delete(`/api/reviews/${posted.body.id}`)).status).toBe(204);
    expect(await keysQueuedForRemoval()).toEqual(
      expect.arrayContaining([onReview.url.slice('/uploads/'.length), reviewOriginal]),
    );

    const unattached = await uploadPhoto(api, await pngImage());
    const { originalKey: accountOriginal } = (await uploadRow(unattached.id))!;
    expect((await api.delete('/api/users/me')).status).toBe(204);
    expect(await keysQueuedForRemoval()).toContain(accountOriginal);

    // The jobs that were queued for them find nothing to do.
    await runJob(onReview);
    await runJob(unattached);
    expect((await fetchFile(onReview.url)).status).toBe(404);
    expect((await fetchFile(unattached.url)).status).toBe(404);
  });
});

describe('an upload that cannot be processed', () => {
  it('fails at once when the photo does not decode, and the review says so', async () => {
    const { api } = await person();
    const concert = await create.concert({ date: daysFromToday(-2) });
    const file = await uploadPhoto(api, await undecodablePng(), 'garbled.png');
    const posted = await api.post<Review>('/api/reviews', {
      ...TEST_RATINGS,
      reviewText: 'The photo of this one came out garbled.',
      concertId: concert.id,
      media: [{ id: file.id }],
    });
    const { originalKey } = (await uploadRow(file.id))!;

    await runJob(file);
    expect(await uploadRow(file.id)).toMatchObject({ state: 'failed', originalKey: null });
    const { body } = await api.get<Review>(`/api/reviews/${posted.body.id}`);
    expect(body.media).toEqual([
      expect.objectContaining({ url: file.url, processing: false, failed: true, width: null }),
    ]);
    expect(await keysQueuedForRemoval()).toContain(originalKey);
    expect((await fetchFile(file.url)).status).toBe(404);

    // The author takes it off the review by editing it, as any photo.
    const edited = await api.put<Review>(`/api/reviews/${posted.body.id}`, {
      ...TEST_RATINGS,
      reviewText: 'The photo of this one came out garbled.',
      media: [],
    });
    expect(edited.body.media).toEqual([]);
  });

  it('is retried when anything else goes wrong, and fails on the last attempt', async () => {
    const { api } = await person();
    const file = await uploadPhoto(api, await pngImage());
    const store = server.app.fileStore;
    const fullDisk: FileStore = {
      ...store,
      keep: () => Promise.reject(Object.assign(new Error('no space left'), { code: 'ENOSPC' })),
    };

    await expect(runJob(file, fullDisk)).rejects.toThrow('no space left');
    expect(await uploadRow(file.id)).toMatchObject({ state: 'processing' });
    await expect(runJob(file, fullDisk, { lastAttempt: true })).rejects.toThrow('no space left');
    expect(await uploadRow(file.id)).toMatchObject({ state: 'failed', originalKey: null });
  });
});

describe('a profile picture chosen while it is processing', () => {
  it('shows the old picture until the new one is ready, and none that failed', async () => {
    const { api } = await person();
    const picture = async (bytes: Buffer) => {
      const { status, body } = await api.upload<{ url: string; file: UploadedFile }>(
        '/api/upload/profile-image',
        'file',
        [{ name: 'me.png', type: 'image/png', bytes }],
      );
      expect(status).toBe(201);
      expect(body.file.processing).toBe(true);
      return body;
    };
    const choose = async (url: string | null) => {
      const { status, body } = await api.put<CurrentUser>('/api/users/me', {
        profileImageUrl: url,
      });
      expect(status).toBe(200);
      return body;
    };
    const shown = async () => {
      const { profileImageUrl, profileImagePending } = (await api.get<CurrentUser>('/api/user'))
        .body;
      return { profileImageUrl, profileImagePending };
    };

    const first = await picture(await pngImage(60, 60));
    await runJob(first.file);
    expect(await choose(first.url)).toMatchObject({
      profileImageUrl: first.url,
      profileImagePending: false,
    });

    const second = await picture(await pngImage(80, 80));
    expect(await choose(second.url)).toMatchObject({
      profileImageUrl: first.url,
      profileImagePending: true,
    });
    // Editing anything else meanwhile keeps the choice.
    expect(
      (await api.put('/api/users/me', { bio: 'Front row', profileImageUrl: first.url })).status,
    ).toBe(200);
    expect(await shown()).toEqual({ profileImageUrl: first.url, profileImagePending: true });
    await runJob(second.file);
    expect(await shown()).toEqual({ profileImageUrl: second.url, profileImagePending: false });

    const broken = await picture(await undecodablePng());
    await choose(broken.url);
    await runJob(broken.file);
    expect(await shown()).toEqual({ profileImageUrl: second.url, profileImagePending: false });
    expect(await api.put('/api/users/me', { profileImageUrl: broken.url })).toMatchObject({
      status: 400,
      body: { message: 'profileImageUrl could not be processed; upload the picture again' },
    });

    // Taking the picture off while a new one is processing drops the new one too.
    const third = await picture(await pngImage());
    await choose(third.url);
    expect(await choose(null)).toMatchObject({ profileImageUrl: null, profileImagePending: false });
    await runJob(third.file);
    expect(await shown()).toEqual({ profileImageUrl: null, profileImagePending: false });
  });
});
