/**
 * Notification rows, written inside the transaction of what they tell about, so a like
 * that rolls back leaves no notice behind. Nobody is told of their own actions, and a
 * person who turned a kind of notice off in their settings gets none of it.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../../db/index.ts';
import { concerts, notifications, reviews, userSettings, users } from '../../db/schema.ts';

const REVIEW_NOTICES = {
  review_like: { title: 'New like', verb: 'liked', setting: userSettings.newLikeNotif },
  review_comment: {
    title: 'New comment',
    verb: 'commented on',
    setting: userSettings.newCommentNotif,
  },
} as const;

export type ReviewNoticeType = keyof typeof REVIEW_NOTICES;

/** The actor as a notice names them: their name, else @username, else "Someone". */
const actorName = sql`coalesce(
  nullif(trim(concat_ws(' ', actor.first_name, actor.last_name)), ''),
  '@' || actor.username,
  'Someone')`;

/**
 * The INSERT that tells authors of the reviews in `touched` (a relation with `id`,
 * `user_id` and `concert_id` columns, such as a CTE of the write itself) that the actor
 * liked or commented on them. Composed into the write's own statement, or run alone.
 */
export function reviewNoticeInsert(
  notice: { type: ReviewNoticeType; actorId: string },
  touched: SQL,
): SQL {
  const { title, verb, setting } = REVIEW_NOTICES[notice.type];
  return sql`
    INSERT INTO ${notifications} (user_id, type, title, message, link,
                                  related_user_id, related_review_id, related_concert_id)
    SELECT touched.user_id, ${notice.type}, ${title},
           ${actorName} || ${` ${verb} your review of `} || ${concerts.artist} || '.',
           '/concerts/' || ${concerts.id}, actor.id, touched.id, ${concerts.id}
      FROM ${touched} AS touched
      JOIN ${concerts} ON ${concerts.id} = touched.concert_id
      JOIN ${users} AS actor ON actor.id = ${notice.actorId}
      LEFT JOIN ${userSettings} ON ${userSettings.userId} = touched.user_id
     WHERE touched.user_id <> ${notice.actorId}
       AND coalesce(${setting}, true)`;
}

/** Tells a review's author that someone liked or commented on it (one statement). */
export async function notifyReviewAuthor(
  tx: Tx,
  notice: { type: ReviewNoticeType; actorId: string; reviewId: string },
): Promise<void> {
  await tx.execute(
    reviewNoticeInsert(
      notice,
      sql`(SELECT ${reviews.id} AS id, ${reviews.userId} AS user_id, ${reviews.concertId} AS concert_id
             FROM ${reviews} WHERE ${reviews.id} = ${notice.reviewId})`,
    ),
  );
}

/** Tells a person that the actor now follows them (grouped with other unread follows). */
export async function notifyNewFollower(
  tx: Tx,
  notice: { actorId: string; userId: string },
): Promise<void> {
  if (notice.actorId === notice.userId) return;
  await tx.execute(sql`
    INSERT INTO ${notifications} (user_id, type, title, message, link, related_user_id)
    SELECT ${notice.userId}, 'new_follower', 'New follower', ${actorName} || ' started following you.',
           '/users/' || coalesce(actor.username, actor.id::text), actor.id
      FROM ${users} AS actor
      LEFT JOIN ${userSettings} ON ${userSettings.userId} = ${notice.userId}
     WHERE actor.id = ${notice.actorId} AND coalesce(${userSettings.newFollowerNotif}, true)`);
}

/** Tells everyone who follows a review's author that they posted it. */
export async function notifyFollowersOfReview(tx: Tx, reviewId: string): Promise<void> {
  await tx.execute(sql`
    INSERT INTO ${notifications} (user_id, type, title, message, link,
                                  related_user_id, related_review_id, related_concert_id)
    SELECT f.follower_id, 'new_review', 'New review',
           ${actorName} || ' reviewed ' || ${concerts.artist} || '.',
           '/concerts/' || ${concerts.id}, actor.id, ${reviews.id}, ${concerts.id}
      FROM ${reviews}
      JOIN ${concerts} ON ${concerts.id} = ${reviews.concertId}
      JOIN ${users} AS actor ON actor.id = ${reviews.userId}
      JOIN user_follows f ON f.following_id = actor.id
      LEFT JOIN ${userSettings} ON ${userSettings.userId} = f.follower_id
     WHERE ${reviews.id} = ${reviewId} AND coalesce(${userSettings.newReviewNotif}, true)`);
}
