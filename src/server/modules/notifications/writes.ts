/**
 * Notification rows, written inside the transaction of what they tell about, so a like
 * that rolls back leaves no notice behind. Nobody is told of their own actions, and a
 * person who turned a kind of notice off in their settings gets none of it.
 *
 * A row keeps what its words are made of (the latest person, how many, the concert), never
 * the words: #shared/notice-text writes those as the notice is read (decision 0021).
 *
 * Unread likes of one review are one row, and unread new followers another: the insert
 * meets the unread row of its group (notifications_unread_group_idx) and adds the actor
 * to it instead, so the row counts people and keeps the latest. Once read, the next
 * actor starts a new row. Unread comments on one review group too, but each comment
 * records its notice (review_comments.notification_id) and the database counts the
 * people from those comments (refresh_comment_notice, migration 0018), so a deleted
 * comment takes its part of the notice with it. New reviews never group.
 */
import { sql, type SQL } from 'drizzle-orm';
import { executeRows, type Tx } from '#server/db/index.ts';
import {
  attendance,
  blocks,
  mutes,
  notifications,
  pushSubscriptions,
  reviewComments,
  reviews,
  userSettings,
  users,
} from '#server/db/schema.ts';

/**
 * A notice as written: its id, and whether its person has a device to push it to. Only
 * those are pushed (a `push-notice` job each), so the many people without one cost no job.
 */
export interface WrittenNotice {
  id: string;
  pushable: boolean;
}

/** The RETURNING of a notice's insert: a WrittenNotice. */
export const returningWrittenNotice = sql`
    RETURNING id, EXISTS (SELECT 1 FROM ${pushSubscriptions} AS device
                           WHERE device.user_id = ${notifications}.user_id) AS pushable`;

const REVIEW_NOTICE_SETTINGS = {
  review_like: userSettings.newLikeNotif,
  review_comment: userSettings.newCommentNotif,
} as const;

export type ReviewNoticeType = keyof typeof REVIEW_NOTICE_SETTINGS;

/**
 * The ON CONFLICT of a grouped notice: one more person (unless the latest one did it
 * again), who is now the one named, and the row comes back to the top of the list.
 */
const addToGroup = sql`
    ON CONFLICT (user_id, group_key) WHERE is_read = false AND group_key IS NOT NULL
    DO UPDATE SET actor_count = (CASE WHEN ${notifications.relatedUserId} = excluded.related_user_id
                                      THEN ${notifications.actorCount} ELSE ${notifications.actorCount} + 1 END),
                  related_user_id = excluded.related_user_id,
                  link = excluded.link,
                  created_at = now()`;

/**
 * The INSERT that tells authors of the reviews in `touched` (a relation with `id`,
 * `user_id` and `concert_id` columns, such as a CTE of the write itself) that the actor
 * liked or commented on them. Composed into the write's own statement, or run alone.
 * Both group by review; a comment's group is counted from its comments afterwards
 * (`refreshCommentNotice`), so here it only comes back to the top of the list.
 */
export function reviewNoticeInsert(
  notice: { type: ReviewNoticeType; actorId: string },
  touched: SQL,
): SQL {
  const setting = REVIEW_NOTICE_SETTINGS[notice.type];
  const like = notice.type === 'review_like';
  return sql`
    INSERT INTO ${notifications} (user_id, type, link, related_user_id,
                                  related_review_id, related_concert_id, group_key)
    SELECT touched.user_id, ${notice.type}, '/concerts/' || touched.concert_id,
           actor.id, touched.id, touched.concert_id,
           ${like ? sql`'like:'` : sql`'comment:'`} || touched.id::text
      FROM ${touched} AS touched
      JOIN ${users} AS actor ON actor.id = ${notice.actorId}
      LEFT JOIN ${userSettings} ON ${userSettings.userId} = touched.user_id
     WHERE touched.user_id <> ${notice.actorId}
       AND coalesce(${setting}, true)
    ${
      like
        ? addToGroup
        : sql`ON CONFLICT (user_id, group_key) WHERE is_read = false AND group_key IS NOT NULL
              DO UPDATE SET related_user_id = excluded.related_user_id, created_at = now()`
    }`;
}

/**
 * Tells a review's author that someone liked or commented on it (one statement): the
 * notice that tells them, none when nobody is told (their own review, notices of the kind
 * turned off, no such review). The notice's row stays taken until the transaction ends.
 */
export async function notifyReviewAuthor(
  tx: Tx,
  notice: { type: ReviewNoticeType; actorId: string; reviewId: string },
): Promise<WrittenNotice | undefined> {
  const [row] = await executeRows<WrittenNotice>(
    tx,
    sql`${reviewNoticeInsert(
      notice,
      sql`(SELECT ${reviews.id} AS id, ${reviews.userId} AS user_id, ${reviews.concertId} AS concert_id
             FROM ${reviews} WHERE ${reviews.id} = ${notice.reviewId})`,
    )} ${returningWrittenNotice}`,
  );
  return row;
}

/**
 * Counts the people of a comment notice from the comments that record it, names the
 * latest, or deletes it when none is left. A trigger runs the same after every deleted
 * comment; a new comment runs it once it records the notice.
 */
export async function refreshCommentNotice(tx: Tx, noticeId: string): Promise<void> {
  await tx.execute(sql`SELECT refresh_comment_notice(${noticeId})`);
}

/**
 * Tells a person that the actor now follows them (grouped with other unread follows): the
 * notice that tells them, none when nobody is told.
 */
export async function notifyNewFollower(
  tx: Tx,
  notice: { actorId: string; userId: string },
): Promise<WrittenNotice | undefined> {
  if (notice.actorId === notice.userId) return undefined;
  const [row] = await executeRows<WrittenNotice>(
    tx,
    sql`
    INSERT INTO ${notifications} (user_id, type, link, related_user_id, group_key)
    SELECT ${notice.userId}, 'new_follower', '/users/' || coalesce(actor.username, actor.id::text), actor.id, 'follow'
      FROM ${users} AS actor
      LEFT JOIN ${userSettings} ON ${userSettings.userId} = ${notice.userId}
     WHERE actor.id = ${notice.actorId} AND coalesce(${userSettings.newFollowerNotif}, true)
    ${addToGroup}
    ${returningWrittenNotice}`,
  );
  return row;
}

/**
 * The actor marked "Going" on a concert: each person who follows them and is going too is
 * told "{name} is going to {artist} at {venue} too", unless they turned "Friends going"
 * off, muted the actor, or either blocked the other. Grouped per concert and day
 * ('going:<concertId>:<day>'): one unread row a day speaks for everyone who marked it
 * since. The concert's "going" marks (attendance_concert_idx) meet the follow pair's
 * unique index, one statement.
 */
export async function notifyFriendsGoing(
  tx: Tx,
  notice: { actorId: string; concertId: string },
): Promise<WrittenNotice[]> {
  const { actorId, concertId } = notice;
  return executeRows<WrittenNotice>(
    tx,
    sql`
    INSERT INTO ${notifications} (user_id, type, link, related_user_id, related_concert_id, group_key)
    SELECT a.user_id, 'friend_going', '/concerts/' || a.concert_id, ${actorId}, a.concert_id,
           'going:' || a.concert_id || ':' || to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD')
      FROM ${attendance} AS a
      JOIN user_follows AS f ON f.follower_id = a.user_id AND f.following_id = ${actorId}
      LEFT JOIN ${userSettings} ON ${userSettings.userId} = a.user_id
     WHERE a.concert_id = ${concertId} AND a.status = 'going' AND a.user_id <> ${actorId}
       AND coalesce(${userSettings.friendsGoingNotif}, true)
       AND NOT EXISTS (SELECT 1 FROM ${mutes} m WHERE m.muter_id = a.user_id AND m.muted_id = ${actorId})
       AND NOT EXISTS (SELECT 1 FROM ${blocks} b
                        WHERE (b.blocker_id = a.user_id AND b.blocked_id = ${actorId})
                           OR (b.blocker_id = ${actorId} AND b.blocked_id = a.user_id))
    ${addToGroup}
    ${returningWrittenNotice}`,
  );
}

/**
 * Tells a person who asked to follow someone private that they were let in. Never grouped:
 * each approval is its own news, and whoever asked wants to hear it whatever their settings.
 */
export async function notifyFollowApproved(
  tx: Tx,
  notice: { approverId: string; requesterId: string },
): Promise<WrittenNotice | undefined> {
  const [row] = await executeRows<WrittenNotice>(
    tx,
    sql`
    INSERT INTO ${notifications} (user_id, type, link, related_user_id)
    SELECT ${notice.requesterId}, 'follow_approved',
           '/users/' || coalesce(approver.username, approver.id::text), approver.id
      FROM ${users} AS approver
     WHERE approver.id = ${notice.approverId}
    ${returningWrittenNotice}`,
  );
  return row;
}

/**
 * The INSERT that tells the followers in `chosen` (a relation with a `follower_id` column,
 * such as a CTE of the fan-out's batch) that the review's author posted it, unless they
 * muted the author. A follower already told is skipped (notifications_new_review_once_idx),
 * so a batch run again adds nothing.
 */
export function newReviewNoticeInsert(reviewId: string, chosen: SQL): SQL {
  return sql`
    INSERT INTO ${notifications} (user_id, type, link,
                                  related_user_id, related_review_id, related_concert_id)
    SELECT f.follower_id, 'new_review', '/concerts/' || ${reviews.concertId},
           ${reviews.userId}, ${reviews.id}, ${reviews.concertId}
      FROM ${reviews}
      CROSS JOIN ${chosen} AS f
      LEFT JOIN ${userSettings} ON ${userSettings.userId} = f.follower_id
     WHERE ${reviews.id} = ${reviewId} AND coalesce(${userSettings.newReviewNotif}, true)
       AND NOT EXISTS (SELECT 1 FROM ${mutes} m
                        WHERE m.muter_id = f.follower_id AND m.muted_id = ${reviews.userId})
    ON CONFLICT (user_id, related_review_id) WHERE type = 'new_review' DO NOTHING`;
}

/**
 * A person is going: the grouped notices that name them as the latest actor name the one
 * before instead (the latest other liker of the review, the latest other follower, the
 * latest other friend going to the concert), one person fewer. A notice about them alone goes with them by cascade. A comment notice
 * names the latest other commenter under it, and is recounted when their comments go.
 */
export async function forgetActor(tx: Tx, userId: string): Promise<void> {
  await tx.execute(sql`
    UPDATE ${notifications}
       SET related_user_id = nx.next_id
      FROM (SELECT g.id,
                   (SELECT rc.user_id FROM ${reviewComments} AS rc
                     WHERE rc.notification_id = g.id AND rc.user_id <> ${userId}
                     ORDER BY rc.created_at DESC, rc.id DESC LIMIT 1) AS next_id
              FROM ${notifications} AS g
             WHERE g.related_user_id = ${userId} AND g.type = 'review_comment'
               AND g.actor_count > 1) AS nx
     WHERE ${notifications.id} = nx.id AND nx.next_id IS NOT NULL`);
  await tx.execute(sql`
    UPDATE ${notifications}
       SET actor_count = ${notifications.actorCount} - 1,
           related_user_id = nx.next_id,
           link = CASE WHEN ${notifications.type} = 'new_follower'
                       THEN '/users/' || coalesce(nx.next_username, nx.next_id::text)
                       ELSE ${notifications.link} END
      FROM (SELECT g.id, next.id AS next_id, next.username AS next_username
              FROM ${notifications} AS g
              CROSS JOIN LATERAL (
                SELECT u.id, u.username FROM ${users} AS u
                 WHERE u.id = CASE WHEN g.group_key = 'follow'
                   THEN (SELECT f.follower_id FROM user_follows AS f
                          WHERE f.following_id = g.user_id AND f.follower_id <> ${userId}
                          ORDER BY f.created_at DESC LIMIT 1)
                   WHEN g.type = 'friend_going'
                   THEN (SELECT a.user_id FROM ${attendance} AS a
                           JOIN user_follows AS f ON f.follower_id = g.user_id AND f.following_id = a.user_id
                          WHERE a.concert_id = g.related_concert_id AND a.status = 'going'
                            AND a.user_id <> ${userId}
                          ORDER BY a.updated_at DESC LIMIT 1)
                   ELSE (SELECT l.user_id FROM review_likes AS l
                          WHERE l.review_id = g.related_review_id AND l.user_id <> ${userId}
                            AND l.user_id <> g.user_id
                          ORDER BY l.created_at DESC LIMIT 1) END) AS next
             WHERE g.related_user_id = ${userId} AND g.is_read = false
               AND g.type IN ('new_follower', 'review_like', 'friend_going')
               AND g.actor_count > 1) AS nx
     WHERE ${notifications.id} = nx.id`);
}
