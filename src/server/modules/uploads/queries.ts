import { and, eq, inArray, isNull, lt, notInArray, or, sql } from 'drizzle-orm';
import type { ReviewMedia } from '#shared/schemas/media';
import type { Database, Tx } from '#server/db/index.ts';
import { reviews, uploads, users } from '#server/db/schema.ts';
import { findRow } from '#server/lib/has-row.ts';

type Db = Database | Tx;
export type NewUpload = typeof uploads.$inferInsert;
export type UploadRow = typeof uploads.$inferSelect;
/** What it takes to remove an upload's files, whatever its state. */
export type UploadFileKeys = Pick<UploadRow, 'fileKey' | 'thumbnailKey' | 'originalKey'>;

const fileKeyColumns = {
  fileKey: uploads.fileKey,
  thumbnailKey: uploads.thumbnailKey,
  originalKey: uploads.originalKey,
};

/**
 * Takes the uploader's row until the transaction ends, so that two requests of one person
 * check their unattached bytes one after the other, each seeing the other's uploads.
 */
export async function lockUploader(tx: Tx, userId: string): Promise<void> {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
}

/**
 * An upload nobody uses: a review file no review shows, a profile picture that is neither
 * its owner's picture nor waiting to become it. What the allowance counts and the sweep
 * removes.
 */
const isUnused = () =>
  and(
    isNull(uploads.reviewId),
    or(
      eq(uploads.purpose, 'review'),
      sql`NOT EXISTS (SELECT 1 FROM ${users} WHERE ${users.id} = ${uploads.userId}
            AND (${users.profileImageUrl} = ${uploads.fileKey}
                 OR ${users.pendingProfileUploadId} = ${uploads.id}))`,
    ),
  );

/** Bytes of the person's uploads that nothing uses yet (from uploads_user_idx). */
export async function unusedBytesOf(tx: Tx, userId: string): Promise<number> {
  const [row] = await tx
    .select({ bytes: sql<string>`coalesce(sum(${uploads.byteSize}), 0)` })
    .from(uploads)
    .where(and(eq(uploads.userId, userId), isUnused()));
  return Number(row?.bytes ?? 0);
}

export async function insertUploads(db: Db, rows: NewUpload[]): Promise<UploadRow[]> {
  return db.insert(uploads).values(rows).returning();
}

/**
 * The author's review uploads among `uploadIds` that no review holds, locked until the
 * transaction ends: a review about to be written takes them. One another request took
 * meanwhile is not among the rows (the lock waits for that request, then finds it held).
 */
export async function lockFreeReviewUploads(
  tx: Tx,
  userId: string,
  uploadIds: string[],
): Promise<UploadRow[]> {
  return tx
    .select()
    .from(uploads)
    .where(
      and(
        eq(uploads.userId, userId),
        eq(uploads.purpose, 'review'),
        inArray(uploads.id, uploadIds),
        isNull(uploads.reviewId),
      ),
    )
    .for('update');
}

/**
 * Attaches the author's own review uploads to a review, in one statement: an upload
 * someone else sent, or one another review holds, is not among the rows returned. The
 * row lock makes two reviews claiming one upload at once take turns, and the second
 * then finds it taken.
 */
export async function claimReviewUploads(
  tx: Tx,
  claim: { userId: string; reviewId: string; uploadIds: string[] },
): Promise<UploadRow[]> {
  if (claim.uploadIds.length === 0) return [];
  return tx
    .update(uploads)
    .set({ reviewId: claim.reviewId })
    .where(
      and(
        eq(uploads.userId, claim.userId),
        eq(uploads.purpose, 'review'),
        inArray(uploads.id, claim.uploadIds),
        or(isNull(uploads.reviewId), eq(uploads.reviewId, claim.reviewId)),
      ),
    )
    .returning();
}

/** Deletes a review's uploads other than those of `keep` (ids); returns them, for their files to go. */
export async function releaseReviewUploads(
  tx: Tx,
  reviewId: string,
  keep: string[],
): Promise<UploadFileKeys[]> {
  return tx
    .delete(uploads)
    .where(
      and(
        eq(uploads.reviewId, reviewId),
        keep.length > 0 ? notInArray(uploads.id, keep) : undefined,
      ),
    )
    .returning(fileKeyColumns);
}

/**
 * Deletes up to `batch` uploads nobody uses that are older than `before`, in any state
 * (a processing one's original goes too): review files no review shows, profile pictures
 * that are neither their owner's picture nor waiting to become it.
 */
export async function deleteUnusedUploads(
  db: Database,
  before: Date,
  batch: number,
): Promise<UploadFileKeys[]> {
  const unused = db
    .select({ id: uploads.id })
    .from(uploads)
    .where(and(isUnused(), lt(uploads.createdAt, before)))
    .limit(batch);
  return db.delete(uploads).where(inArray(uploads.id, unused)).returning(fileKeyColumns);
}

export async function findUpload(db: Db, uploadId: string): Promise<UploadRow | undefined> {
  return findRow(db, uploads, eq(uploads.id, uploadId));
}

/** The upload whose served file is `fileKey` (by its unique index). */
export async function findUploadByFileKey(db: Db, fileKey: string): Promise<UploadRow | undefined> {
  return findRow(db, uploads, eq(uploads.fileKey, fileKey));
}

/**
 * A job writing rows that requests write too (an upload, the review showing it, its
 * owner) takes each without waiting: one a request holds fails the job's transaction at
 * once (SQLSTATE 55P03). A job then never waits for a request, so the two can never wait
 * for each other; a request waits at most for a job's short transaction.
 */
export async function lockReviewRowNow(tx: Tx, reviewId: string): Promise<void> {
  await tx
    .select({ id: reviews.id })
    .from(reviews)
    .where(eq(reviews.id, reviewId))
    .for('update', { noWait: true });
}

export async function lockUploadNow(tx: Tx, uploadId: string): Promise<UploadRow | undefined> {
  const [row] = await tx
    .select()
    .from(uploads)
    .where(eq(uploads.id, uploadId))
    .for('update', { noWait: true });
  return row;
}

/**
 * Ends an upload's processing: ready with its served file's numbers, or failed. Only a
 * processing upload changes; undefined when it is gone or another run ended it already.
 */
export async function endProcessing(
  tx: Tx,
  uploadId: string,
  outcome:
    | {
        state: 'ready';
        byteSize: number;
        width: number | null;
        height: number | null;
        durationMs?: number | null;
      }
    | { state: 'failed' },
): Promise<UploadRow | undefined> {
  const [row] = await tx
    .update(uploads)
    .set({ ...outcome, originalKey: null })
    .where(and(eq(uploads.id, uploadId), eq(uploads.state, 'processing')))
    .returning();
  return row;
}

/**
 * Changes what a review shows of one of its files, found by its key (what the item's
 * `url` holds), in place; its concert when the review shows it, else undefined.
 */
export async function updateReviewMediaItem(
  tx: Tx,
  reviewId: string,
  fileKey: string,
  patch: Partial<ReviewMedia>,
): Promise<{ concertId: string } | undefined> {
  const [row] = await tx
    .update(reviews)
    .set({
      media: sql`(SELECT jsonb_agg(CASE WHEN item->>'url' = ${fileKey}
                                        THEN item || ${JSON.stringify(patch)}::jsonb
                                        ELSE item END ORDER BY position)
                    FROM jsonb_array_elements(${reviews.media}) WITH ORDINALITY AS e(item, position))`,
    })
    .where(
      and(
        eq(reviews.id, reviewId),
        sql`${reviews.media} @> ${JSON.stringify([{ url: fileKey }])}::jsonb`,
      ),
    )
    .returning({ concertId: reviews.concertId });
  return row;
}

/**
 * The picture its owner chose while it was processing becomes their picture (its file's
 * key), or, with null, is forgotten and the old one stays; the owner's id when they had
 * chosen it. The owner's row is taken without waiting (see `lockReviewRowNow`).
 */
export async function settlePendingProfilePicture(
  tx: Tx,
  uploadId: string,
  fileKey: string | null,
): Promise<string | undefined> {
  const [owner] = await tx
    .select({ id: users.id })
    .from(users)
    .where(eq(users.pendingProfileUploadId, uploadId))
    .for('update', { noWait: true });
  if (!owner) return undefined;
  await tx
    .update(users)
    .set({
      pendingProfileUploadId: null,
      ...(fileKey !== null ? { profileImageUrl: fileKey } : {}),
    })
    .where(eq(users.id, owner.id));
  return owner.id;
}
