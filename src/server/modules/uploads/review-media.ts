/**
 * The photos and videos a review shows: its author's own uploads, named by their ids. The
 * review's row keeps what it shows of each (`reviews.media`), and each upload
 * knows the review that holds it, so that one upload is on one review at most and the files
 * of one no review shows any more are removed.
 */
import { asShownMedia, type ReviewMedia, type StoredReviewMedia } from '#shared/schemas/media';
import type { ChangeRecorder } from '#server/changes/index.ts';
import type { Tx } from '#server/db/index.ts';
import { badRequest } from '#server/http-error.ts';
import {
  claimReviewUploads,
  lockFreeReviewUploads,
  releaseReviewUploads,
  type UploadRow,
} from './queries.ts';
import { storedKeysOf } from './sweep.ts';

/** One photo or video a review is to show, by id, with its alt text. */
export interface WantedMedia {
  id: string;
  altText: string | null;
}

/**
 * What a review's row keeps of one of its uploads: the upload's id, the files by key (a
 * video's thumbnail is the video), and what it shows of them. Reads make the keys URLs
 * (`mediaShown`).
 */
function storedMediaOf(row: UploadRow, altText: string | null): ReviewMedia {
  return {
    id: row.id,
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

// One refusal for an unknown id, someone else's upload and one another review shows: the
// answer does not tell which, so nobody learns of others' uploads by asking.
const notYours = (id: string) =>
  badRequest(`media: ${id} is not one of your uploads, or another review shows it`);

/** What the row keeps of each wanted upload, in order; 400 when one is missing or failed. */
function mediaOfRows(rows: readonly UploadRow[], wanted: readonly WantedMedia[]): ReviewMedia[] {
  const byId = new Map(rows.map((row) => [row.id, row]));
  return wanted.map(({ id, altText }) => {
    const row = byId.get(id);
    if (!row) throw notYours(id);
    if (row.state === 'failed') {
      throw badRequest(`media: ${row.originalName} could not be processed; upload it again`);
    }
    return storedMediaOf(row, altText);
  });
}

/**
 * For a review about to be written: the author's uploads it names, held until the
 * transaction ends so no other review takes them meanwhile, as the new row keeps them.
 * 400 when one is not the author's, is on another review or failed processing. The
 * review's row then goes in with them, and `attachUploads` gives them to it.
 */
export async function takeUploadsForNewReview(
  tx: Tx,
  userId: string,
  wanted: readonly WantedMedia[],
): Promise<ReviewMedia[]> {
  if (wanted.length === 0) return [];
  const rows = await lockFreeReviewUploads(
    tx,
    userId,
    wanted.map((item) => item.id),
  );
  return mediaOfRows(rows, wanted);
}

/** Gives the uploads taken by `takeUploadsForNewReview` to the review just written. */
export async function attachUploads(
  tx: Tx,
  review: { id: string; userId: string },
  media: readonly ReviewMedia[],
): Promise<void> {
  if (media.length === 0) return;
  await claimReviewUploads(tx, {
    userId: review.userId,
    reviewId: review.id,
    uploadIds: media.map((item) => item.id),
  });
}

/**
 * Makes a review show exactly `wanted`, in that order, inside the review's transaction:
 * what it shows already stays (with the alt text given now), new ids must be the author's
 * own uploads that no other review holds, and uploads it no longer shows are deleted,
 * their files released once the transaction commits. Answers the media as the row keeps
 * them.
 */
export async function replaceReviewMedia(
  tx: Tx,
  changes: ChangeRecorder,
  review: { id: string; userId: string; current: readonly StoredReviewMedia[] },
  wanted: readonly WantedMedia[],
): Promise<ReviewMedia[]> {
  const shown = new Map(review.current.map((item) => [item.id, item]));
  const added = wanted.filter((item) => !shown.has(item.id));
  const claimed = await claimReviewUploads(tx, {
    userId: review.userId,
    reviewId: review.id,
    uploadIds: added.map((item) => item.id),
  });
  const addedMedia = new Map(mediaOfRows(claimed, added).map((item) => [item.id, item]));
  const media = wanted.map(({ id, altText }): ReviewMedia => {
    const kept = shown.get(id);
    return kept ? { ...asShownMedia(kept), altText } : addedMedia.get(id)!;
  });
  const released = await releaseReviewUploads(
    tx,
    review.id,
    wanted.map((item) => item.id),
  );
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
