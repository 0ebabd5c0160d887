/** Statements that change reviews, their likes and their comments. */
import { and, asc, eq, sql } from 'drizzle-orm';
import type { ReviewMedia } from '#shared/schemas/media';
import type { Ratings } from '#shared/schemas/reviews';
import { executeRows, type Database, type Tx } from '#server/db/index.ts';
import { reviewComments, reviewLikes, reviews, users } from '#server/db/schema.ts';
import { findValue, hasRow } from '#server/lib/has-row.ts';
import { countOrRefuse, hourlyRule } from '#server/lib/throttle.ts';
import { returningWrittenNotice, reviewNoticeInsert } from '../notifications/index.ts';
import { notBlockedBetween } from '../users/index.ts';

type Db = Database | Tx;

/** What a comment shows of its author. */
const authorColumns = {
  id: users.id,
  firstName: users.firstName,
  lastName: users.lastName,
  username: users.username,
  profileImageUrl: users.profileImageUrl,
};

/**
 * Counts a review posted or deleted against the author's hourly allowance, or answers 429
 * "Too many reviews" with Retry-After: each one queues jobs (the fan-out, the notices, the
 * league tables). One statement counts before deciding, so parallel requests cannot all pass.
 */
export async function countReviewWrite(
  db: Database,
  userId: string,
  reviewsPerHour: number,
): Promise<void> {
  // As account/throttle-keys.ts names it, so the key goes with the account.
  await countOrRefuse(db, 'reviews', [hourlyRule(`reviews:${userId}`, reviewsPerHour)]);
}

/**
 * The new review's id and times, written with its media (`photos` lists their files);
 * undefined when this person reviewed the concert already.
 */
export async function insertReview(
  tx: Tx,
  review: Ratings & {
    userId: string;
    concertId: string;
    reviewText: string;
    highlights: string[];
    media: ReviewMedia[];
  },
) {
  const [row] = await tx
    .insert(reviews)
    .values({ ...review, photos: review.media.map((item) => item.url) })
    .onConflictDoNothing({ target: [reviews.userId, reviews.concertId] })
    .returning({
      id: reviews.id,
      createdAt: reviews.createdAt,
      updatedAt: reviews.updatedAt,
    });
  return row;
}

/** A review's owner and media, locked until the transaction ends. */
export async function lockReview(tx: Tx, reviewId: string) {
  const [row] = await tx
    .select({
      id: reviews.id,
      userId: reviews.userId,
      concertId: reviews.concertId,
      media: reviews.media,
    })
    .from(reviews)
    .where(eq(reviews.id, reviewId))
    .for('update');
  return row;
}

export async function updateReviewContent(
  tx: Tx,
  reviewId: string,
  content: Partial<Ratings> & {
    reviewText?: string;
    highlights?: string[];
    media: ReviewMedia[];
    edited: boolean;
  },
): Promise<void> {
  const { media, edited, ...rest } = content;
  await tx
    .update(reviews)
    .set({
      ...rest,
      media,
      photos: media.map((item) => item.url),
      ...(edited ? { editedAt: sql`now()` } : {}),
    })
    .where(eq(reviews.id, reviewId));
}

export async function deleteReviewRow(tx: Tx, reviewId: string): Promise<void> {
  await tx.delete(reviews).where(eq(reviews.id, reviewId));
}

// Likes: the like row, the review's counter and the author's notice change in one
// statement. The counter's UPDATE takes the
// review's row lock, so concurrent likes add up one after another; a second like of the
// same pair waits for the first and then inserts nothing.

interface LikeOutcome {
  /** The count after the statement; null when the review does not exist. */
  likes: number | null;
  concert_id: string | null;
  /** Whether this statement added or removed the like. */
  changed: boolean;
  /**
   * The author's notice the like made or joined, when it is to be pushed (they have a
   * device); null otherwise, or when nobody was told.
   */
  notice_to_push: string | null;
}

/** The WITH queries that add `userId`'s like of a review, the last of them `counted`. */
const addLike = (userId: string, reviewId: string) =>
  sql`added AS (
        INSERT INTO ${reviewLikes} (user_id, review_id) VALUES (${userId}, ${reviewId})
        ON CONFLICT (user_id, review_id) DO NOTHING
        RETURNING review_id),
      counted AS (
        UPDATE ${reviews} SET likes = ${reviews.likes} + 1
          FROM added WHERE ${reviews.id} = added.review_id
        RETURNING ${reviews.id} AS id, ${reviews.userId} AS user_id,
                  ${reviews.concertId} AS concert_id, ${reviews.likes} AS likes),
      noticed AS (${reviewNoticeInsert({ type: 'review_like', actorId: userId }, sql`counted`)}
                  ${returningWrittenNotice})`;

/** The WITH queries that take back `userId`'s like of a review, if there is one. */
const removeLike = (userId: string, reviewId: string) =>
  sql`removed AS (
        DELETE FROM ${reviewLikes}
         WHERE ${reviewLikes.userId} = ${userId} AND ${reviewLikes.reviewId} = ${reviewId}
        RETURNING review_id),
      counted AS (
        UPDATE ${reviews} SET likes = ${reviews.likes} - 1
          FROM removed WHERE ${reviews.id} = removed.review_id
        RETURNING ${reviews.likes} AS likes)`;

/**
 * Likes a review as `userId` (a missing review fails the like row's foreign key), or takes
 * the like back. The closing SELECT answers the count after the change, when there was
 * one, else the count as it was; no row when the review does not exist.
 */
export async function setLikeInOneStatement(
  db: Db,
  userId: string,
  reviewId: string,
  liked: boolean,
): Promise<LikeOutcome> {
  const change = liked ? addLike(userId, reviewId) : removeLike(userId, reviewId);
  const [row] = await executeRows<LikeOutcome>(
    db,
    sql`WITH ${change}
        SELECT coalesce((SELECT likes FROM counted), r.likes) AS likes,
               r.concert_id, EXISTS (SELECT 1 FROM counted) AS changed,
               ${liked ? sql`(SELECT id FROM noticed WHERE pushable)` : sql`NULL::uuid`} AS notice_to_push
          FROM ${reviews} r WHERE r.id = ${reviewId}`,
  );
  return row ?? { likes: null, concert_id: null, changed: false, notice_to_push: null };
}

/**
 * The like count and whether the viewer liked it; undefined when there is no such review,
 * or its author and the viewer blocked one another.
 */
export async function selectLikes(db: Db, reviewId: string, viewerId: string | undefined) {
  // Drizzle leaves columns unqualified in a one-table select, so the probe names the review by value.
  const isLiked = viewerId
    ? sql<boolean>`exists (select 1 from ${reviewLikes} where ${reviewLikes.userId} = ${viewerId} and ${reviewLikes.reviewId} = ${reviewId})`
    : sql<boolean>`false`;
  const [row] = await db
    .select({ count: reviews.likes, isLiked })
    .from(reviews)
    .where(and(eq(reviews.id, reviewId), notBlockedBetween(viewerId, sql`${reviews}.user_id`)));
  return row;
}

// Comments

const commentColumns = {
  id: reviewComments.id,
  reviewId: reviewComments.reviewId,
  userId: reviewComments.userId,
  commentText: reviewComments.commentText,
  createdAt: reviewComments.createdAt,
  updatedAt: reviewComments.updatedAt,
  user: authorColumns,
};

/**
 * A review's comments oldest first, from review_comments_review_created_idx, without those
 * of anyone the viewer blocked or who blocked them.
 */
export async function selectComments(
  db: Db,
  reviewId: string,
  viewerId: string | undefined,
  page: { limit: number; after?: string | undefined },
) {
  const cursor = page.after
    ? sql`(${reviewComments.createdAt}, ${reviewComments.id}) > (SELECT c.created_at, c.id FROM ${reviewComments} AS c WHERE c.id = ${page.after})`
    : undefined;
  return db
    .select(commentColumns)
    .from(reviewComments)
    .innerJoin(users, eq(users.id, reviewComments.userId))
    .where(
      and(
        eq(reviewComments.reviewId, reviewId),
        cursor,
        viewerId === undefined
          ? undefined
          : notBlockedBetween(viewerId, sql`${reviewComments.userId}`),
      ),
    )
    .orderBy(asc(reviewComments.createdAt), asc(reviewComments.id))
    .limit(page.limit);
}

export type CommentRow = Awaited<ReturnType<typeof selectComments>>[number];

export async function insertComment(
  tx: Tx,
  comment: {
    reviewId: string;
    userId: string;
    commentText: string;
    /** The notice that tells the review's author of it, if anyone is told. */
    notificationId: string | undefined;
  },
): Promise<string> {
  const [row] = await tx
    .insert(reviewComments)
    .values(comment)
    .returning({ id: reviewComments.id });
  return row!.id;
}

export async function selectComment(db: Db, commentId: string): Promise<CommentRow | undefined> {
  const [row] = await db
    .select(commentColumns)
    .from(reviewComments)
    .innerJoin(users, eq(users.id, reviewComments.userId))
    .where(eq(reviewComments.id, commentId));
  return row;
}

/**
 * Deletes the comment if this person wrote it or wrote the review it is on (their own
 * space); its review and concert when deleted.
 */
export async function deleteCommentAllowedTo(tx: Tx, commentId: string, userId: string) {
  const [row] = await executeRows<{ review_id: string; concert_id: string }>(
    tx,
    sql`DELETE FROM ${reviewComments} USING ${reviews}
         WHERE ${reviewComments.id} = ${commentId}
           AND ${reviews.id} = ${reviewComments.reviewId}
           AND (${reviewComments.userId} = ${userId} OR ${reviews.userId} = ${userId})
        RETURNING ${reviews.id} AS review_id, ${reviews.concertId} AS concert_id`,
  );
  return row && { reviewId: row.review_id, concertId: row.concert_id };
}

/** Deletes the comment whoever wrote it (an operator's removal); its review and concert when deleted. */
export async function deleteCommentRow(tx: Tx, commentId: string) {
  const [row] = await executeRows<{ review_id: string; concert_id: string }>(
    tx,
    sql`DELETE FROM ${reviewComments} USING ${reviews}
         WHERE ${reviewComments.id} = ${commentId} AND ${reviews.id} = ${reviewComments.reviewId}
        RETURNING ${reviews.id} AS review_id, ${reviews.concertId} AS concert_id`,
  );
  return row && { reviewId: row.review_id, concertId: row.concert_id };
}

export async function commentExists(db: Db, commentId: string): Promise<boolean> {
  return hasRow(db, reviewComments, eq(reviewComments.id, commentId));
}

export async function reviewConcertOf(db: Db, reviewId: string): Promise<string | undefined> {
  return findValue(db, reviews.concertId, eq(reviews.id, reviewId));
}
