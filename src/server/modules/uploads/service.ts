/**
 * Uploads: photos and videos for reviews, pictures for profiles. A file is kept only if
 * its bytes say it is one of the accepted kinds; photos are re-encoded (upright, without
 * metadata) into a display image and a thumbnail; videos are kept as sent. Files get
 * random names and belong to whoever sent them: only they can attach them to a review.
 */
import { randomUUID } from 'node:crypto';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import type { ReviewMedia, UploadedFile } from '#shared/schemas/media';
import type { ChangeRecorder } from '../../changes/index.ts';
import type { UploadLimits } from '../../config.ts';
import type { Tx } from '../../db/index.ts';
import { badRequest, HttpError } from '../../http-error.ts';
import type { ServiceContext } from '../../lib/service-context.ts';
import { createThrottle } from '../../lib/throttle.ts';
import type { FileStore } from '../../storage/index.ts';
import {
  ImageUnreadableError,
  PROFILE_IMAGE_VARIANTS,
  REVIEW_PHOTO_VARIANTS,
  reencodeImage,
} from './image-processing.ts';
import { ACCEPTED_FORMATS, detectMediaType } from './media-types.ts';
import {
  claimReviewUploads,
  deleteUnusedUploads,
  insertUploads,
  releaseReviewUploads,
  type NewUpload,
  type UploadRow,
} from './queries.ts';
import { discard, type ReceivedFile } from './receive.ts';

const HOUR_MS = 60 * 60 * 1000;

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
  };
}

/** Counts an upload request against the person's hourly allowance, or answers 429. */
export async function countUploadRequest(ctx: ServiceContext, limits: UploadLimits): Promise<void> {
  const userId = ctx.requireViewer();
  const decision = await createThrottle(ctx.db).attempt([
    {
      key: `uploads:${userId}`,
      limit: limits.requestsPerUserPerHour,
      windowMs: HOUR_MS,
      maxWindowMs: HOUR_MS,
    },
  ]);
  if (!decision.allowed) {
    const minutes = Math.max(1, Math.ceil(decision.retryAfterMs / 60_000));
    throw new HttpError(429, `Too many uploads; try again in ${minutes} minutes`);
  }
}

interface Prepared {
  row: NewUpload;
  /** Files written into the store so far, to remove if the request fails after all. */
  kept: string[];
}

/**
 * Checks, converts and keeps received files, then records them in one statement: every
 * file of the request is kept or none is.
 */
export async function storeUploads(
  ctx: ServiceContext,
  received: ReceivedFile[],
  purpose: UploadPurpose,
): Promise<UploadedFile[]> {
  const userId = ctx.requireViewer();
  const { files } = ctx;
  const prepared: Prepared[] = [];
  try {
    const types = await Promise.all(received.map((file) => detectMediaType(file.path)));
    received.forEach((file, index) => {
      const type = types[index];
      if (!type) throw badRequest(`${file.name} is not one of ${ACCEPTED_FORMATS}`);
      if (purpose === 'profile' && type.kind !== 'image') {
        throw badRequest(`${file.name} is not an image: a profile picture is a photo`);
      }
    });
    for (const [index, file] of received.entries()) {
      const type = types[index]!;
      const id = randomUUID();
      const folder = id.slice(0, 2);
      if (type.kind === 'video') {
        const fileKey = `${folder}/${id}.${type.extension}`;
        await files.keep(fileKey, file.path);
        prepared.push({
          kept: [fileKey],
          row: {
            userId,
            purpose,
            kind: 'video',
            contentType: type.contentType,
            fileKey,
            byteSize: file.size,
            originalName: file.name,
          },
        });
        continue;
      }
      const fileKey = `${folder}/${id}.webp`;
      const thumbnailKey = `${folder}/${id}-thumb.webp`;
      const display = path.join(files.incomingDir, `${id}.webp`);
      const thumbnail = path.join(files.incomingDir, `${id}-thumb.webp`);
      try {
        const size = await reencodeImage(
          file.path,
          { display, thumbnail },
          purpose === 'profile' ? PROFILE_IMAGE_VARIANTS : REVIEW_PHOTO_VARIANTS,
        );
        const { size: byteSize } = await stat(display);
        await files.keep(fileKey, display);
        await files.keep(thumbnailKey, thumbnail);
        prepared.push({
          kept: [fileKey, thumbnailKey],
          row: {
            userId,
            purpose,
            kind: 'image',
            contentType: 'image/webp',
            fileKey,
            thumbnailKey,
            byteSize,
            width: size.width,
            height: size.height,
            originalName: file.name,
          },
        });
      } catch (error) {
        await discard([{ path: display }, { path: thumbnail }]);
        if (error instanceof ImageUnreadableError) {
          throw badRequest(`${file.name} could not be read as an image`);
        }
        throw error;
      }
    }
    const rows = await insertUploads(
      ctx.db,
      prepared.map((p) => p.row),
    );
    return rows.map((row) => toUploadedFile(row, files));
  } catch (error) {
    await files.remove(prepared.flatMap((p) => p.kept));
    throw error;
  } finally {
    await discard(received);
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
 * deleted, their files released once the transaction commits.
 */
export async function attachReviewMedia(
  tx: Tx,
  changes: ChangeRecorder,
  files: FileStore,
  review: { id: string; userId: string; current: readonly ReviewMedia[] },
  wanted: readonly WantedMedia[],
): Promise<ReviewMedia[]> {
  const urls = wanted.map((item) => item.url);
  if (new Set(urls).size !== urls.length) throw badRequest('photos lists the same file twice');
  const shown = new Map(review.current.map((item) => [item.url, item]));
  const newKeys: string[] = [];
  for (const url of urls) {
    if (shown.has(url)) continue;
    const key = files.keyOf(url);
    if (!key) throw badRequest(`photos: ${shortened(url)} is not a file uploaded to Encore`);
    newKeys.push(key);
  }
  const claimed = await claimReviewUploads(tx, {
    userId: review.userId,
    reviewId: review.id,
    fileKeys: newKeys,
  });
  const claimedByUrl = new Map(claimed.map((row) => [files.urlOf(row.fileKey), row]));
  const media = wanted.map(({ url, altText }): ReviewMedia => {
    const kept = shown.get(url);
    if (kept) return { ...kept, altText };
    const row = claimedByUrl.get(url);
    if (!row) throw badRequest(`photos: ${shortened(url)} is not one of your uploads`);
    const { id: _id, name: _name, size: _size, ...item } = toUploadedFile(row, files);
    return { ...item, altText };
  });
  const keptKeys = urls.map((url) => files.keyOf(url)).filter((key) => key !== undefined);
  const released = await releaseReviewUploads(tx, review.id, keptKeys);
  if (released.length > 0) {
    changes.record({ kind: 'files-released', keys: fileKeysOf(released) });
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
    changes.record({ kind: 'files-released', keys: fileKeysOf(released) });
  }
}

const SWEEP_BATCH = 500;

/** Removes uploads nobody used within the allowed time, a batch at a time. */
export async function sweepUnusedUploads(
  ctx: Pick<ServiceContext, 'db' | 'files'>,
  limits: UploadLimits,
  now: Date = new Date(),
): Promise<number> {
  const before = new Date(now.getTime() - limits.unattachedTtlMs);
  let removed = 0;
  for (;;) {
    const rows = await deleteUnusedUploads(ctx.db, before, SWEEP_BATCH);
    await ctx.files.remove(fileKeysOf(rows));
    removed += rows.length;
    if (rows.length < SWEEP_BATCH) return removed;
  }
}

function fileKeysOf(rows: readonly { fileKey: string; thumbnailKey: string | null }[]): string[] {
  return rows.flatMap((row) =>
    row.thumbnailKey ? [row.fileKey, row.thumbnailKey] : [row.fileKey],
  );
}

const shortened = (url: string) => (url.length > 80 ? `${url.slice(0, 77)}…` : url);
