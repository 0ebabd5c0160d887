/**
 * The work a new review and a new follow leave to jobs: the Following timeline's entries,
 * and the "New review" notices of the author's followers. Each job only adds what is
 * missing (an entry's key, a notice's (follower, review) index), so a job run again, or
 * cut off by a crash and run anew, leaves each entry and notice exactly once.
 *
 * Entries have no foreign keys (a check per row would cost the fan-out half its time):
 * triggers delete them with their review or person (migration 0017), and the jobs lock
 * what such a delete must wait for. The fan-out holds its review (FOR KEY SHARE) and its
 * author's row (FOR SHARE) while it writes a batch: a delete of the review waits for the
 * batch, and its trigger then sees it; an unfollow's counter trigger updates the author's
 * row before its timeline trigger deletes the entries, so that delete sees the batch too,
 * as does a follower's account deletion, which unfollows first. The follow's pull holds
 * the follow row and the reviews it copies (FOR SHARE, FOR KEY SHARE): an unfollow, a
 * deletion of either person or of one of those reviews waits for it to commit, and a pull
 * that comes after the unfollow finds no follow and adds nothing.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { ChangeRecorder, Writer } from '#server/changes/index.ts';
import { executeRows, type Database, type Tx } from '#server/db/index.ts';
import { reviews, timelineEntries, userFollows, users } from '#server/db/schema.ts';
import { newReviewNoticeInsert, returningWrittenNotice } from '../notifications/index.ts';

/** The lowest uuid: the first batch of followers starts after it. */
const FIRST_ID = '00000000-0000-0000-0000-000000000000';

/** One batch's transaction, with the recorder of its changes when it has one. */
type BatchTransaction = <T>(work: (tx: Tx, changes?: ChangeRecorder) => Promise<T>) => Promise<T>;

/**
 * Writes rows for the followers of a review's author, `batch` at a time in id order, one
 * transaction (and one statement) each, so none holds a row for long however many
 * followers there are. `insert` is the INSERT for a batch, given the relation `chosen`
 * (follower_id) of its followers, returning for each row written `id` and `pushable`: a
 * notice to push (notice-made). Stops when the review is gone: it reaches nobody. Answers
 * the rows added.
 */
async function inFollowerBatches(
  transaction: BatchTransaction,
  reviewId: string,
  batch: number,
  options: { holdAuthor: boolean; insert: (chosen: SQL, createdAt: string) => SQL },
): Promise<number> {
  let after = FIRST_ID;
  let added = 0;
  for (;;) {
    const outcome = await transaction(async (tx, changes) => {
      // Kept from being deleted while the batch refers to it.
      const [review] = await executeRows<{ user_id: string; created_at: string }>(
        tx,
        sql`SELECT ${reviews.userId} AS user_id, ${reviews.createdAt}::text AS created_at
              FROM ${reviews} WHERE ${reviews.id} = ${reviewId} FOR KEY SHARE`,
      );
      if (!review) return undefined;
      if (options.holdAuthor) {
        await tx.execute(
          sql`SELECT 1 FROM ${users} WHERE ${users.id} = ${review.user_id} FOR SHARE`,
        );
      }
      const [row] = await executeRows<{
        reached: number;
        last: string | null;
        added: number;
        to_push: string[];
      }>(
        tx,
        sql`WITH chosen AS (
              SELECT ${userFollows.followerId} AS follower_id FROM ${userFollows}
               WHERE ${userFollows.followingId} = ${review.user_id}
                 AND ${userFollows.followerId} > ${after}
               ORDER BY ${userFollows.followerId} LIMIT ${batch}),
            written AS (${options.insert(sql`chosen`, review.created_at)})
            SELECT (SELECT count(*) FROM chosen)::int AS reached,
                   (SELECT follower_id FROM chosen ORDER BY follower_id DESC LIMIT 1) AS last,
                   (SELECT count(*) FROM written)::int AS added,
                   ARRAY(SELECT id::text FROM written WHERE pushable) AS to_push`,
      );
      for (const notificationId of row?.to_push ?? []) {
        changes?.record({ kind: 'notice-made', notificationId });
      }
      return row;
    });
    if (!outcome) return added;
    added += outcome.added;
    if (outcome.reached < batch || !outcome.last) return added;
    after = outcome.last;
  }
}

/**
 * A new review reaches the Following timeline of every follower of its author, `batch`
 * followers per transaction. Follows and unfollows of the author wait for a batch, which
 * holds the author's row (see above). Answers the entries added.
 */
export async function fanOutReview(db: Database, reviewId: string, batch: number): Promise<number> {
  return inFollowerBatches((work) => db.transaction((tx) => work(tx)), reviewId, batch, {
    holdAuthor: true,
    insert: (chosen, createdAt) => sql`
      INSERT INTO ${timelineEntries} (user_id, created_at, review_id)
      SELECT follower_id, ${createdAt}::timestamptz, ${reviewId} FROM ${chosen}
      ON CONFLICT DO NOTHING
      RETURNING NULL::uuid AS id, false AS pushable`,
  });
}

/**
 * A new review's "New review" notice to every follower of its author who wants them,
 * `batch` followers per transaction: a job of its own beside the fan-out, so timelines do
 * not wait for the notices. Those with a device are pushed theirs. Answers the notices
 * added.
 */
export async function tellFollowersOfReview(
  writer: Writer,
  reviewId: string,
  batch: number,
): Promise<number> {
  return inFollowerBatches((work) => writer.write(work), reviewId, batch, {
    holdAuthor: false,
    insert: (chosen) => sql`${newReviewNoticeInsert(reviewId, chosen)} ${returningWrittenNotice}`,
  });
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
      INSERT INTO ${timelineEntries} (user_id, created_at, review_id)
      SELECT ${follow.followerId}, r.created_at, r.id
        FROM (SELECT ${reviews.id} AS id, ${reviews.createdAt} AS created_at FROM ${reviews}
               WHERE ${reviews.userId} = ${follow.followingId} FOR KEY SHARE) AS r
      ON CONFLICT DO NOTHING`);
  });
}
