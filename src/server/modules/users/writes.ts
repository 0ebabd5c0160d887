/**
 * Follow rows. The unique (follower, following) pair makes following idempotent: a second
 * follow, even a concurrent one, waits for the first and inserts nothing. The people's
 * counters move with the rows in a trigger (migration 0007), inside the same transaction.
 * Follow requests (migration 0019) are rows of their own until approved.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import { executeRows, type Database, type Tx } from '#server/db/index.ts';
import { followRequests, pushSubscriptions, userFollows, users } from '#server/db/schema.ts';
import { findValue, hasRow } from '#server/lib/has-row.ts';
import { deleteWhere, insertIfAbsent } from '#server/lib/row-writes.ts';

type Db = Database | Tx;

/** Where the follow row of `followerId` following `followingId` is. */
const followOf = (followerId: string, followingId: string) =>
  and(eq(userFollows.followerId, followerId), eq(userFollows.followingId, followingId));

/** Whether this call added the follow; a missing person fails the row's foreign key. */
export async function insertFollow(
  tx: Tx,
  followerId: string,
  followingId: string,
): Promise<boolean> {
  return insertIfAbsent(tx, userFollows, { followerId, followingId }, [
    userFollows.followerId,
    userFollows.followingId,
  ]);
}

export async function deleteFollow(tx: Tx, followerId: string, followingId: string) {
  await tx.delete(userFollows).where(followOf(followerId, followingId));
}

/**
 * The person's follower count as this transaction sees it: after its own follow or
 * unfollow (whose trigger holds their row), or as last committed. Undefined when there is
 * no such person.
 */
export async function selectFollowerCount(db: Db, userId: string): Promise<number | undefined> {
  return findValue(db, users.followersCount, eq(users.id, userId));
}

/**
 * Locks the rows of the two people of a follow, in primary-key order as the counters'
 * trigger takes them (so no two follows deadlock), and answers the followed person's
 * privacy and whether the follow exists. Holding their row, a follow or a follow request
 * and a switch of their privacy (which updates the row) happen one after the other: a
 * request never lands on a person who has just gone public, nor a follow on one who has
 * just gone private. Undefined when there is no such person.
 */
export async function lockFollowPair(tx: Tx, followerId: string, followingId: string) {
  const rows = await tx
    .select({ id: users.id, isPrivate: users.isPrivate })
    .from(users)
    .where(inArray(users.id, [followerId, followingId]))
    .orderBy(users.id)
    .for('no key update');
  const followed = rows.find((row) => row.id === followingId);
  if (!followed) return undefined;
  const [follow] = await tx
    .select({ id: userFollows.id })
    .from(userFollows)
    .where(followOf(followerId, followingId));
  return { isPrivate: followed.isPrivate, following: follow !== undefined };
}

/** Whether this call added the request (a second one is the first). */
export async function insertFollowRequest(
  tx: Tx,
  requesterId: string,
  targetId: string,
): Promise<boolean> {
  return insertIfAbsent(tx, followRequests, { requesterId, targetId }, [
    followRequests.requesterId,
    followRequests.targetId,
  ]);
}

/** Whether the person has a device to push to (push_subscriptions_user_idx). */
export const hasPushDevice = (tx: Tx, userId: string) =>
  hasRow(tx, pushSubscriptions, eq(pushSubscriptions.userId, userId));

/** Whether there was a request to delete (withdrawn, approved or declined). */
export async function deleteFollowRequest(
  tx: Tx,
  requesterId: string,
  targetId: string,
): Promise<boolean> {
  return deleteWhere(
    tx,
    followRequests,
    and(eq(followRequests.requesterId, requesterId), eq(followRequests.targetId, targetId)),
  );
}

/**
 * Every pending request to the person becomes a follow, in one statement (the person goes
 * public: call it before their row changes). The person's and the requesters' rows are
 * locked first in primary-key order, as the counters' trigger takes them; from then on no
 * new request can reach the person (lockFollowPair waits). Answers the new followers' ids.
 */
export async function acceptAllFollowRequests(tx: Tx, targetId: string): Promise<string[]> {
  await tx.execute(
    sql`SELECT 1 FROM ${users}
         WHERE id = ${targetId}
            OR id IN (SELECT requester_id FROM ${followRequests} WHERE target_id = ${targetId})
         ORDER BY id FOR NO KEY UPDATE`,
  );
  const rows = await executeRows<{ follower_id: string }>(
    tx,
    sql`WITH accepted AS (
          DELETE FROM ${followRequests} WHERE target_id = ${targetId} RETURNING requester_id)
        INSERT INTO ${userFollows} (follower_id, following_id)
        SELECT requester_id, ${targetId} FROM accepted
        ON CONFLICT DO NOTHING
        RETURNING follower_id`,
  );
  return rows.map((row) => row.follower_id);
}

/**
 * Takes away someone's follow of the person (Remove follower); the triggers move the
 * counters and take the person's reviews out of their timeline. Whether there was one.
 */
export async function deleteFollowReturning(
  tx: Tx,
  followerId: string,
  followingId: string,
): Promise<boolean> {
  return deleteWhere(tx, userFollows, followOf(followerId, followingId));
}
