/**
 * Uploads: photos and videos for reviews, pictures for profiles. This file receives them:
 * a file is taken only if its bytes say it is one of the accepted kinds and, for a photo,
 * its header reads. It is kept as received where nothing serves it, and a job makes the
 * files that are served from it (processing.ts). Files get random names and belong to
 * whoever sent them: only they can put them on a review (review-media.ts). Unused ones
 * are swept (sweep.ts).
 */
import { randomUUID } from 'node:crypto';
import type { UploadedFile } from '#shared/schemas/media';
import type { UploadLimits } from '#server/config.ts';
import { badRequest, HttpError } from '#server/http-error.ts';
import type { ServiceContext, SignedInContext } from '#server/lib/service-context.ts';
import { countOrRefuse, hourlyRule } from '#server/lib/throttle.ts';
import { originalKeyFor, type FileStore } from '#server/storage/index.ts';
import { checkImageHeader, ImageTooLargeError, ImageUnreadableError } from './image-processing.ts';
import { ACCEPTED_FORMATS, detectMediaType } from './media-types.ts';
import {
  insertUploads,
  lockUploader,
  type NewUpload,
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
