/**
 * The process-media job: an upload's served files are made from the file as received
 * (photos re-encoded, upright and without metadata, into a display image and a thumbnail;
 * videos whose container reads with a sane size and length, video-probe.ts, checked again
 * and kept as sent). Until then the upload is processing, its files' keys already decided
 * and nothing of it served.
 */
import { randomUUID } from 'node:crypto';
import { copyFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { setTimeout } from 'node:timers/promises';
import type { Writer } from '#server/changes/index.ts';
import type { UploadLimits } from '#server/config.ts';
import type { Database } from '#server/db/index.ts';
import { sqlState } from '#server/http-error.ts';
import type { Log } from '#server/lib/log.ts';
import type { FileStore } from '#server/storage/index.ts';
import {
  ImageUnreadableError,
  PROFILE_IMAGE_VARIANTS,
  REVIEW_PHOTO_VARIANTS,
  reencodeImage,
} from './image-processing.ts';
import { detectMediaType } from './media-types.ts';
import {
  endProcessing,
  findUpload,
  lockReviewRowNow,
  lockUploadNow,
  settlePendingProfilePicture,
  updateReviewMediaItem,
  type UploadRow,
} from './queries.ts';
import { discard } from './receive.ts';
import { storedKeysOf } from './sweep.ts';
import { probeVideo, VideoRefusedError, type VideoFacts } from './video-probe.ts';

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
