import { and, eq, inArray, isNull, lt, notInArray, or, sql } from 'drizzle-orm';
import type { Database, Tx } from '../../db/index.ts';
import { uploads, users } from '../../db/schema.ts';

type Db = Database | Tx;
export type NewUpload = typeof uploads.$inferInsert;
export type UploadRow = typeof uploads.$inferSelect;

export async function insertUploads(db: Db, rows: NewUpload[]): Promise<UploadRow[]> {
  return db.insert(uploads).values(rows).returning();
}

/**
 * Attaches the author's own review uploads to a review, in one statement: an upload
 * someone else sent, or one another review holds, is not among the rows returned. The
 * row lock makes two reviews claiming one upload at once take turns, and the second
 * then finds it taken.
 */
export async function claimReviewUploads(
  tx: Tx,
  claim: { userId: string; reviewId: string; fileKeys: string[] },
): Promise<UploadRow[]> {
  if (claim.fileKeys.length === 0) return [];
  return tx
    .update(uploads)
    .set({ reviewId: claim.reviewId })
    .where(
      and(
        eq(uploads.userId, claim.userId),
        eq(uploads.purpose, 'review'),
        inArray(uploads.fileKey, claim.fileKeys),
        or(isNull(uploads.reviewId), eq(uploads.reviewId, claim.reviewId)),
      ),
    )
    .returning();
}

/** Deletes a review's uploads other than `keep`; returns them, for their files to go. */
export async function releaseReviewUploads(
  tx: Tx,
  reviewId: string,
  keep: string[],
): Promise<Pick<UploadRow, 'fileKey' | 'thumbnailKey'>[]> {
  return tx
    .delete(uploads)
    .where(
      and(
        eq(uploads.reviewId, reviewId),
        keep.length > 0 ? notInArray(uploads.fileKey, keep) : undefined,
      ),
    )
    .returning({ fileKey: uploads.fileKey, thumbnailKey: uploads.thumbnailKey });
}

/**
 * Deletes up to `batch` uploads nobody uses that are older than `before`: review files
 * no review shows, profile pictures that are not their owner's picture.
 */
export async function deleteUnusedUploads(
  db: Database,
  before: Date,
  batch: number,
): Promise<Pick<UploadRow, 'fileKey' | 'thumbnailKey'>[]> {
  const unused = db
    .select({ id: uploads.id })
    .from(uploads)
    .where(
      and(
        isNull(uploads.reviewId),
        lt(uploads.createdAt, before),
        or(
          eq(uploads.purpose, 'review'),
          sql`NOT EXISTS (SELECT 1 FROM ${users} WHERE ${users.id} = ${uploads.userId}
                AND ${users.profileImageUrl} LIKE '%' || ${uploads.fileKey})`,
        ),
      ),
    )
    .limit(batch);
  return db
    .delete(uploads)
    .where(inArray(uploads.id, unused))
    .returning({ fileKey: uploads.fileKey, thumbnailKey: uploads.thumbnailKey });
}
