/** What deleting an account writes before the user row goes, and that last delete. */
import { asc, eq, inArray, like, or, sql } from 'drizzle-orm';
import type { Tx } from '#server/db/index.ts';
import {
  authThrottles,
  concerts,
  reviewComments,
  reviewLikes,
  reviews,
  uploads,
  userFollows,
  users,
} from '#server/db/schema.ts';

/**
 * Takes the person's likes off the counters of the reviews they liked (the like rows
 * themselves go by cascade); returns those reviews with their concerts.
 */
export async function unlikeEverything(tx: Tx, userId: string) {
  return tx
    .update(reviews)
    .set({ likes: sql`${reviews.likes} - 1`, updatedAt: sql`${reviews.updatedAt}` })
    .where(
      inArray(
        reviews.id,
        tx
          .select({ id: reviewLikes.reviewId })
          .from(reviewLikes)
          .where(eq(reviewLikes.userId, userId)),
      ),
    )
    .returning({ id: reviews.id, concertId: reviews.concertId });
}

/**
 * The concerts the person reviewed, their rows locked in id order. Deleting the reviews
 * takes each concert's review totals down (a trigger), which locks its row; taken here in
 * one order, two deletions that share concerts wait for each other instead of deadlocking.
 */
export async function lockReviewedConcerts(tx: Tx, userId: string): Promise<string[]> {
  const reviewed = tx
    .select({ concertId: reviews.concertId })
    .from(reviews)
    .where(eq(reviews.userId, userId));
  const rows = await tx
    .select({ id: concerts.id })
    .from(concerts)
    .where(inArray(concerts.id, reviewed))
    .orderBy(asc(concerts.id))
    .for('no key update');
  return rows.map((row) => row.id);
}

export async function commentedReviews(tx: Tx, userId: string) {
  return tx
    .selectDistinct({ reviewId: reviews.id, concertId: reviews.concertId })
    .from(reviewComments)
    .innerJoin(reviews, eq(reviews.id, reviewComments.reviewId))
    .where(eq(reviewComments.userId, userId));
}

export async function deleteUploadsOf(tx: Tx, userId: string) {
  return tx.delete(uploads).where(eq(uploads.userId, userId)).returning({
    fileKey: uploads.fileKey,
    thumbnailKey: uploads.thumbnailKey,
    originalKey: uploads.originalKey,
  });
}

/** Follows go first, while both rows exist: their trigger keeps the others' counters right. */
export async function deleteFollowsOf(tx: Tx, userId: string): Promise<void> {
  await tx
    .delete(userFollows)
    .where(or(eq(userFollows.followerId, userId), eq(userFollows.followingId, userId)));
}

/** The limits' rows of these keys, and of every key under each of `families` (`<family>:…`). */
export async function deleteThrottlesOf(
  tx: Tx,
  keys: string[],
  families: string[] = [],
): Promise<void> {
  await tx
    .delete(authThrottles)
    .where(
      or(
        inArray(authThrottles.key, [...keys, ...families]),
        ...families.map((family) => like(authThrottles.key, `${family}:%`)),
      ),
    );
}

/** The user row; every row of theirs left goes with it by cascade. */
export async function deleteUserRow(tx: Tx, userId: string): Promise<void> {
  await tx.delete(users).where(eq(users.id, userId));
}
