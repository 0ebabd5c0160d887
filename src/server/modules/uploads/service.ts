/**
 * Uploads: photos and videos for reviews, pictures for profiles. A file is taken only if
 * its bytes say it is one of the accepted kinds and, for a photo, its header reads. It is
 * kept as received where nothing serves it, and a job (`processMedia`) makes the files
 * that are served from it: photos re-encoded (upright, without metadata) into a display
 * image and a thumbnail, videos whose container reads with a sane size and length
 * (video-probe.ts) checked again and kept as sent. Until then the upload is
 * processing, its files' keys already decided and nothing of it served. Files get random
 * names and belong to whoever sent them: only they can attach them to a review.
 */
import { randomUUID } from 'node:crypto';
import { copyFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { setTimeout } from 'node:timers/promises';
import {
  asShownMedia,
  type ReviewMedia,
  type StoredReviewMedia,
  type UploadedFile,
} from '#shared/schemas/media';
import type { ChangeRecorder, Writer } from '#server/changes/index.ts';
import type { UploadLimits } from '#server/config.ts';
import type { Database, Tx } from '#server/db/index.ts';
import { badRequest, HttpError, sqlState } from '#server/http-error.ts';
import type { Log } from '#server/lib/log.ts';
import type { ServiceContext, SignedInContext } from '#server/lib/service-context.ts';
import { countOrRefuse, hourlyRule } from '#server/lib/throttle.ts';
import { originalKeyFor, type FileStore } from '#server/storage/index.ts';
import {
  checkImageHeader,
  ImageTooLargeError,
  ImageUnreadableError,
  PROFILE_IMAGE_VARIANTS,
  REVIEW_PHOTO_VARIANTS,
  reencodeImage,
} from './image-processing.ts';
import { ACCEPTED_FORMATS, detectMediaType } from './media-types.ts';
import {
  claimReviewUploads,
  deleteUnusedUploads,
  endProcessing,
  findUpload,
  insertUploads,
  lockUploader,
  lockReviewRowNow,
  lockUploadNow,
  releaseReviewUploads,
  settlePendingProfilePicture,
  updateReviewMediaItem,
  type NewUpload,
  type UploadFileKeys,
  type UploadRow,
  unusedBytesOf,
} from './queries.ts';
import { discard, type ReceivedFile } from './receive.ts';
import { probeVideo, VideoRefusedError, type VideoFacts } from './video-probe.ts';

export type UploadPurpose = 'review' | 'profile';

export function toUploadedFile(row: UploadRow, files: FileStore): UploadedFile {
  const url = files.urlOf(row.fileKey);
  return {
    id: row.id,
    name: row.originalName,
    url,
    thumbnailUrl: row.thumbnailKey ? files.urlOf(row.thumbnailKey) : url,
    kind: row.kind,
    contentType: row.contentType,
    size: row.byteSize,
    width: row.width,
    height: row.height,
    processing: row.state === 'processing',
    failed: row.state === 'failed',
  };
}

/**
 * What a review's row keeps of one of its uploads: the files by key (a video's thumbnail
 * is the video), and what it shows of them. Reads make the keys URLs (`mediaShown`).
 */
function storedMediaOf(row: UploadRow, altText: string | null): ReviewMedia {
  return {
    url: row.fileKey,
    thumbnailUrl: row.thumbnailKey ?? row.fileKey,
    kind: row.kind,
    contentType: row.contentType,
    width: row.width,
    height: row.height,
    altText,
    processing: row.state === 'processing',
    failed: row.state === 'failed',
  };
}

/** Counts an upload request against the person's hourly allowance, or answers 429. */
export async function countUploadRequest(
  ctx: SignedInContext,
  limits: UploadLimits,
): Promise<void> {
  const userId = ctx.viewerId;
  await countOrRefuse(ctx.db, 'uploads', [
    hourlyRule(`uploads:${userId}`, limits.requestsPerUserPerHour),
  ]);
}

const DAY_MS = 24 * 60 * 60 * 1000;
const KB = 1024;
const megabytes = (bytes: number) => `${Math.round(bytes / (1024 * 1024))} MB`;

/**
 * Counts the request's bytes against the person's daily allowance, in kilobytes, or
 * answers 429 until the day that began with their first upload is over.
 */
async function countUploadBytes(
  ctx: ServiceContext,
  limits: UploadLimits,
  userId: string,
  received: readonly ReceivedFile[],
): Promise<void> {
  const bytes = received.reduce((sum, file) => sum + file.size, 0);
  await countOrRefuse(
    ctx.db,
    `uploads today (at most ${megabytes(limits.bytesPerUserPerDay)} a day)`,
    [
      {
        key: `upload-bytes:${userId}`,
        limit: Math.floor(limits.bytesPerUserPerDay / KB),
        cost: Math.ceil(bytes / KB),
        windowMs: DAY_MS,
        maxWindowMs: DAY_MS,
      },
    ],
  );
}

const megapixels = (pixels: number) => Math.round(pixels / 1_000_000);

/** Why a photo is refused before it is decoded, which costs by the pixel. */
function tooManyPixels(name: string, size: ImageTooLargeError, limits: UploadLimits) {
  return (
    `${name} is ${size.width}×${size.height} pixels ` +
    `(${megapixels(size.width * size.height)} megapixels); ` +
    `a photo may have at most ${megapixels(limits.maxPhotoPixels)}`
  );
}

/** Why an upload does not fit in the allowance of uploads nothing uses yet. */
function unusedAllowanceSpent(purpose: UploadPurpose, waiting: number, limits: UploadLimits) {
  const held = `${megabytes(waiting)} of at most ${megabytes(limits.unattachedBytesPerUser)}`;
  return purpose === 'review'
    ? `Your uploads that no review shows yet hold ${held}: add them to a review, or upload ` +
        'again once unused ones are removed'
    : `Your uploads not in use yet hold ${held}: choose one as your picture or add them to ` +
        'a review, or upload again once unused ones are removed';
}

/**
 * Checks received files and keeps them as received, then records them, processing, with
 * their jobs in one transaction: every file of the request is kept or none is. The
 * person's uploads that nothing uses yet (review files no review shows, pictures that are
 * not their picture) stay within their allowance, whatever this request is for: the check
 * and the insert hold the person's row, so requests sent at once take turns.
 */
export async function storeUploads(
  ctx: SignedInContext,
  limits: UploadLimits,
  received: ReceivedFile[],
  purpose: UploadPurpose,
): Promise<UploadedFile[]> {
  const userId = ctx.viewerId;
  const { files } = ctx;
  const kept: string[] = [];
  try {
    await countUploadBytes(ctx, limits, userId, received);
    const types = await Promise.all(received.map((file) => detectMediaType(file.path)));
    received.forEach((file, index) => {
      const type = types[index];
      if (!type) throw badRequest(`${file.name} is not one of ${ACCEPTED_FORMATS}`);
      if (purpose === 'profile' && type.kind !== 'image') {
        throw badRequest(`${file.name} is not an image: a profile picture is a photo`);
      }
    });
    const videos = new Map<number, VideoFacts>();
    for (const [index, file] of received.entries()) {
      const type = types[index]!;
      try {
        if (type.kind === 'image') await checkImageHeader(file.path, limits.maxPhotoPixels);
        else videos.set(index, await probeVideo(file.path, type.contentType));
      } catch (error) {
        if (error instanceof ImageTooLargeError) {
          throw new HttpError(413, tooManyPixels(file.name, error, limits));
        }
        if (error instanceof ImageUnreadableError) {
          throw badRequest(`${file.name} could not be read as an image`);
        }
        if (error instanceof VideoRefusedError) {
          throw badRequest(`${file.name} is not a video Encore can show: ${error.message}`);
        }
        throw error;
      }
    }
    const rows: NewUpload[] = [];
    for (const [index, file] of received.entries()) {
      const type = types[index]!;
      const video = videos.get(index);
      const id = randomUUID();
      const folder = id.slice(0, 2);
      const originalKey = originalKeyFor(folder, id, type.extension);
      await files.keep(originalKey, file.path);
      kept.push(originalKey);
      const photo = type.kind === 'image';
      rows.push({
        userId,
        purpose,
        kind: type.kind,
        contentType: photo ? 'image/webp' : type.contentType,
        fileKey: photo ? `${folder}/${id}.webp` : `${folder}/${id}.${type.extension}`,
        thumbnailKey: photo ? `${folder}/${id}-thumb.webp` : null,
        state: 'processing',
        originalKey,
        byteSize: file.size,
        width: video?.width ?? null,
        height: video?.height ?? null,
        durationMs: video?.durationMs ?? null,
        originalName: file.name,
      });
    }
    const inserted = await ctx.write(async (tx, changes) => {
      await lockUploader(tx, userId);
      const waiting = await unusedBytesOf(tx, userId);
      const adding = rows.reduce((sum, row) => sum + row.byteSize, 0);
      if (waiting + adding > limits.unattachedBytesPerUser) {
        throw new HttpError(413, unusedAllowanceSpent(purpose, waiting, limits));
      }
      const uploaded = await insertUploads(tx, rows);
      for (const row of uploaded) changes.record({ kind: 'upload-received', uploadId: row.id });
      return uploaded;
    });
    return inserted.map((row) => toUploadedFile(row, files));
  } catch (error) {
    await files.remove(kept);
    throw error;
  } finally {
    await discard(received);
  }
}

/** What the process-media job works with, in an app process or a worker process. */
export interface ProcessingContext {
  db: Database;
  files: FileStore;
  writer: Writer;
  log: Log;
  uploads: Pick<UploadLimits, 'maxPhotoPixels'>;
}

type Outcome =
  | {
      state: 'ready';
      byteSize: number;
      width: number | null;
      height: number | null;
      durationMs?: number;
    }
  | { state: 'failed'; reason: string };

/**
 * The process-media job: makes an upload's served files from the file as received, then
 * ends its processing, and the review or profile waiting for it shows it, in one
 * transaction. A photo that does not decode fails at once: decoding it again gives the
 * same answer. Anything else (a full disk, the database) is retried, and the upload fails
 * on the last attempt, so nothing waits for it forever. Running it again is harmless: it
 * writes the same bytes under the same keys, only a processing upload changes, and one
 * deleted meanwhile is left alone.
 */
export async function processMedia(
  ctx: ProcessingContext,
  uploadId: string,
  run: { lastAttempt: boolean },
): Promise<void> {
  const upload = await findUpload(ctx.db, uploadId);
  if (!upload?.originalKey || upload.state !== 'processing') return;
  try {
    const outcome: Outcome = (await ctx.files.has(upload.originalKey))
      ? await makeServedFiles(ctx, upload, upload.originalKey)
      : // Only ending the upload releases its original: gone while it is still
        // processing, it is lost, and the upload can never be processed.
        { state: 'failed', reason: 'the file as received is gone' };
    await endUpload(ctx, upload, outcome);
  } catch (error) {
    if (run.lastAttempt) {
      await endUpload(ctx, upload, { state: 'failed', reason: 'processing kept failing' }).catch(
        (endError: unknown) =>
          ctx.log.error({ err: endError, uploadId }, 'a failed upload could not be marked so'),
      );
    }
    throw error;
  }
}

/** Writes the served files under the upload's keys; a failed outcome writes none. */
async function makeServedFiles(
  { files, uploads: limits }: ProcessingContext,
  upload: UploadRow,
  originalKey: string,
): Promise<Outcome> {
  // Named afresh each run, so two runs of one job never write into each other's files.
  const scratch = path.join(files.incomingDir, randomUUID());
  const display = `${scratch}.webp`;
  const thumbnail = `${scratch}-thumb.webp`;
  try {
    if (upload.kind === 'video') {
      return await files.withLocalFile(originalKey, async (source) => {
        // The request read the type and the container; they are read again before serving.
        const type = await detectMediaType(source);
        if (type?.contentType !== upload.contentType) {
          return { state: 'failed', reason: `the video is no longer ${upload.contentType}` };
        }
        let facts: VideoFacts;
        try {
          facts = await probeVideo(source, upload.contentType);
        } catch (error) {
          if (error instanceof VideoRefusedError) return { state: 'failed', reason: error.message };
          throw error;
        }
        await copyFile(source, scratch);
        const { size } = await stat(scratch);
        await files.keep(upload.fileKey, scratch);
        return { state: 'ready', byteSize: size, ...facts };
      });
    }
    const size = await files.withLocalFile(originalKey, (source) =>
      reencodeImage(
        source,
        { display, thumbnail },
        upload.purpose === 'profile' ? PROFILE_IMAGE_VARIANTS : REVIEW_PHOTO_VARIANTS,
        // The request checked the header against the same number.
        limits.maxPhotoPixels,
      ),
    );
    const { size: byteSize } = await stat(display);
    await files.keep(upload.fileKey, display);
    await files.keep(upload.thumbnailKey!, thumbnail);
    return { state: 'ready', byteSize, ...size };
  } catch (error) {
    if (error instanceof ImageUnreadableError) {
      return { state: 'failed', reason: 'the photo does not decode' };
    }
    throw error;
  } finally {
    await discard([{ path: scratch }, { path: display }, { path: thumbnail }]);
  }
}

const LOCK_NOT_AVAILABLE = '55P03';
const LOCK_ATTEMPTS = 5;
const LOCK_RETRY_MS = 100;

/**
 * Ends a processing upload in one transaction: its row, the review showing it (and the
 * review's cached pages), the profile waiting for it, and the release of the original
 * (and of everything, when it failed). Rows are taken without waiting for requests that
 * hold them (see `lockReviewRowNow`), and the transaction is tried again shortly.
 */
async function endUpload(ctx: ProcessingContext, upload: UploadRow, outcome: Outcome) {
  const write = () =>
    ctx.writer.write(async (tx, changes) => {
      const { reviewId } = (await findUpload(tx, upload.id)) ?? {};
      if (reviewId) await lockReviewRowNow(tx, reviewId);
      const current = await lockUploadNow(tx, upload.id);
      if (current?.state !== 'processing') {
        // Deleted while this run wrote its files (the deletion may have removed them
        // before they were there), or failed by another run: what this one wrote goes.
        if (current?.state !== 'ready') {
          changes.record({ kind: 'files-released', keys: storedKeysOf([upload]) });
        }
        return;
      }
      const ended = (await endProcessing(
        tx,
        upload.id,
        outcome.state === 'ready' ? outcome : { state: 'failed' },
      ))!;
      if (outcome.state === 'failed') {
        ctx.log.warn(
          { uploadId: upload.id, reason: outcome.reason },
          'an upload failed processing',
        );
      }
      changes.record({
        kind: 'files-released',
        keys: ended.state === 'ready' ? [upload.originalKey!] : storedKeysOf([upload]),
      });
      if (ended.reviewId) {
        // Claimed by a review since the read above: its row is taken now, after the upload's.
        if (ended.reviewId !== reviewId) await lockReviewRowNow(tx, ended.reviewId);
        const shown = await updateReviewMediaItem(tx, ended.reviewId, ended.fileKey, {
          processing: false,
          failed: ended.state === 'failed',
          width: ended.width,
          height: ended.height,
        });
        if (shown) {
          changes.record({ kind: 'concert-reviews', concertId: shown.concertId, ratings: false });
        }
      }
      if (ended.purpose === 'profile') {
        const ownerId = await settlePendingProfilePicture(
          tx,
          ended.id,
          ended.state === 'ready' ? ended.fileKey : null,
        );
        if (ownerId) changes.record({ kind: 'user', userId: ownerId });
      }
    });
  for (let attempt = 1; ; attempt++) {
    try {
      return await write();
    } catch (error) {
      // A request holds a row this needs: it is done within moments, so try again soon
      // rather than make the whole job (and its decoding) wait for a retry.
      if (sqlState(error) !== LOCK_NOT_AVAILABLE || attempt === LOCK_ATTEMPTS) throw error;
      await setTimeout(LOCK_RETRY_MS * attempt);
    }
  }
}

export interface WantedMedia {
  url: string;
  altText: string | null;
}

/**
 * Makes a review show exactly `wanted`, in that order, inside the review's transaction:
 * what it shows already stays (with the alt text given now), new urls must be the
 * author's own uploads that no other review holds, and uploads it no longer shows are
 * deleted, their files released once the transaction commits. The client sends URLs (an
 * upload's answer, what the review shows), at /uploads/ or the public address; the row
 * keeps keys, and what it returns is the media as the row keeps them.
 */
export async function attachReviewMedia(
  tx: Tx,
  changes: ChangeRecorder,
  files: FileStore,
  review: { id: string; userId: string; current: readonly StoredReviewMedia[] },
  wanted: readonly WantedMedia[],
): Promise<ReviewMedia[]> {
  const keys = wanted.map(({ url }) => files.keyOf(url));
  // A URL that is no upload of Encore's stays as it is: the demo art a review shows.
  const stored = wanted.map(({ url }, index) => keys[index] ?? url);
  if (new Set(stored).size !== stored.length) throw badRequest('photos lists the same file twice');
  const shown = new Map(review.current.map((item) => [item.url, item]));
  const newKeys: string[] = [];
  for (const [index, { url }] of wanted.entries()) {
    if (shown.has(stored[index]!)) continue;
    const key = keys[index];
    if (!key) throw badRequest(`photos: ${shortened(url)} is not a file uploaded to Encore`);
    newKeys.push(key);
  }
  const claimed = await claimReviewUploads(tx, {
    userId: review.userId,
    reviewId: review.id,
    fileKeys: newKeys,
  });
  const claimedByKey = new Map(claimed.map((row) => [row.fileKey, row]));
  const media = wanted.map(({ url, altText }, index): ReviewMedia => {
    const kept = shown.get(stored[index]!);
    if (kept) return { ...asShownMedia(kept), altText };
    const row = claimedByKey.get(stored[index]!);
    if (!row) throw badRequest(`photos: ${shortened(url)} is not one of your uploads`);
    if (row.state === 'failed') {
      throw badRequest(`photos: ${row.originalName} could not be processed; upload it again`);
    }
    return storedMediaOf(row, altText);
  });
  const keptKeys = keys.filter((key) => key !== undefined);
  const released = await releaseReviewUploads(tx, review.id, keptKeys);
  if (released.length > 0) {
    changes.record({ kind: 'files-released', keys: storedKeysOf(released) });
  }
  return media;
}

/** Deletes all of a review's uploads in its transaction; their files go after commit. */
export async function releaseAllReviewMedia(
  tx: Tx,
  changes: ChangeRecorder,
  reviewId: string,
): Promise<void> {
  const released = await releaseReviewUploads(tx, reviewId, []);
  if (released.length > 0) {
    changes.record({ kind: 'files-released', keys: storedKeysOf(released) });
  }
}

const SWEEP_BATCH = 500;

/** Removes uploads nobody used within the allowed time, a batch at a time. */
export async function sweepUnusedUploads(
  ctx: Pick<ServiceContext, 'db' | 'files'>,
  limits: Pick<UploadLimits, 'unattachedTtlMs'>,
  now: Date = new Date(),
): Promise<number> {
  const before = new Date(now.getTime() - limits.unattachedTtlMs);
  let removed = 0;
  for (;;) {
    const rows = await deleteUnusedUploads(ctx.db, before, SWEEP_BATCH);
    await ctx.files.remove(storedKeysOf(rows));
    removed += rows.length;
    if (rows.length < SWEEP_BATCH) return removed;
  }
}

/** Every file of the uploads: served ones, and the original of one still processing. */
export function storedKeysOf(rows: readonly UploadFileKeys[]): string[] {
  return rows.flatMap((row) =>
    [row.fileKey, row.thumbnailKey, row.originalKey].filter((key) => key !== null),
  );
}

const shortened = (url: string) => (url.length > 80 ? `${url.slice(0, 77)}…` : url);
