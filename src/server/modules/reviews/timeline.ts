/**
 * The Following timeline's entries, written by jobs after the request that caused them.
 * Both jobs only add entries that are missing (the (user, review) key), so a job run again,
 * or cut off by a crash and run anew, leaves each entry exactly once.
 *
 * How they agree with follows and unfollows written at the same time: the fan-out holds its
 * author's row (FOR SHARE) while it writes a batch, and an unfollow's counter trigger
 * updates that row before its timeline trigger deletes the entries, so that delete sees the
 * batch. The follow's pull holds the follow row (FOR SHARE): an unfollow deletes it only
 * after the pull commits, and a pull that comes after the unfollow finds no follow and adds
 * nothing.
 */
import { sql } from 'drizzle-orm';
import { executeRows, type Database } from '../../db/index.ts';
import { reviews, timelineEntries, userFollows, users } from '../../db/schema.ts';
import { newReviewNoticeInsert } from '../notifications/index.ts';

/** The lowest uuid: the fan-out's first batch starts after it. */
const FIRST_ID = '00000000-0000-0000-0000-000000000000';

/**
 * A new review reaches every follower of its author: a timeline entry and a "New review"
 * notice each, `batch` followers (in id order) per transaction, so no transaction holds the
 * author's row for long however many followers they have. Answers the entries added.
 */
export async function fanOutReview(db: Database, reviewId: string, batch: number): Promise<number> {
  let after = FIRST_ID;
  let added = 0;
  for (;;) {
    const outcome = await db.transaction(async (tx) => {
      // Kept from being deleted while the batch refers to it; a review already gone reaches nobody.
      const [review] = await executeRows<{ user_id: string; created_at: string }>(
        tx,
        sql`SELECT ${reviews.userId} AS user_id, ${reviews.createdAt}::text AS created_at
              FROM ${reviews} WHERE ${reviews.id} = ${reviewId} FOR KEY SHARE`,
      );
      if (!review) return undefined;
      await tx.execute(sql`SELECT 1 FROM ${users} WHERE ${users.id} = ${review.user_id} FOR SHARE`);
      const [row] = await executeRows<{ reached: number; last: string | null; added: number }>(
        tx,
        sql`WITH chosen AS (
              SELECT ${userFollows.followerId} AS follower_id FROM ${userFollows}
               WHERE ${userFollows.followingId} = ${review.user_id}
                 AND ${userFollows.followerId} > ${after}
               ORDER BY ${userFollows.followerId} LIMIT ${batch}),
            entries AS (
              INSERT INTO ${timelineEntries} (user_id, review_id, created_at)
              SELECT follower_id, ${reviewId}, ${review.created_at}::timestamptz FROM chosen
              ON CONFLICT DO NOTHING
              RETURNING 1),
            notices AS (${newReviewNoticeInsert(reviewId, sql`chosen`)})
            SELECT (SELECT count(*) FROM chosen)::int AS reached,
                   (SELECT follower_id FROM chosen ORDER BY follower_id DESC LIMIT 1) AS last,
                   (SELECT count(*) FROM entries)::int AS added`,
      );
      return row;
    });
    if (!outcome) return added;
    added += outcome.added;
    if (outcome.reached < batch || !outcome.last) return added;
    after = outcome.last;
  }
}

/**
 * A new follow brings the followed person's reviews into the follower's timeline, if the
 * follow is still there when the job runs.
 */
export async function pullFollowedReviews(
  db: Database,
  follow: { followerId: string; followingId: string },
): Promise<void> {
  await db.transaction(async (tx) => {
    const [still] = await executeRows(
      tx,
      sql`SELECT 1 FROM ${userFollows}
           WHERE ${userFollows.followerId} = ${follow.followerId}
             AND ${userFollows.followingId} = ${follow.followingId} FOR SHARE`,
    );
    if (!still) return;
    await tx.execute(sql`
      INSERT INTO ${timelineEntries} (user_id, review_id, created_at)
      SELECT ${follow.followerId}, ${reviews.id}, ${reviews.createdAt} FROM ${reviews}
       WHERE ${reviews.userId} = ${follow.followingId}
      ON CONFLICT DO NOTHING`);
  });
}
