/**
 * Who blocked whom, as SQL that reads and writes compose into their own statements
 * (the rules are in blocking.ts). notBlockedBetween is what every read of people and their
 * things applies: two probes of the blocks primary key, so a list filters its rows as it
 * scans them under its LIMIT, in the same statement.
 */
import { and, desc, eq, inArray, sql, type Placeholder, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { executeRows, type Database, type Tx } from '#server/db/index.ts';
import { blocks, followRequests, reviews, userFollows, users } from '#server/db/schema.ts';
import { deleteWhere } from '#server/lib/row-writes.ts';
import { personColumns } from './queries/person-columns.ts';

type Db = Database | Tx;
type Value<T> = T | Placeholder;

/** Whether `blockerId` blocked the person whose id is `blockedId` (one primary-key probe). */
export const hasBlocked = (blockerId: Value<string> | SQL, blockedId: Value<string> | SQL) =>
  sql`EXISTS (SELECT 1 FROM ${blocks} blk
               WHERE blk.blocker_id = ${blockerId} AND blk.blocked_id = ${blockedId})`;

/**
 * True when neither the viewer nor the person `otherUserId` points at (a column or a
 * value) has blocked the other: the rule every read of people and their things applies.
 * A visitor (no viewer) has blocked nobody. A null `otherUserId` passes.
 */
export function notBlockedBetween(
  viewerId: Value<string> | undefined,
  otherUserId: SQL | Value<string>,
): SQL {
  if (viewerId === undefined) return sql`true`;
  return sql`NOT ${hasBlocked(viewerId, otherUserId)} AND NOT ${hasBlocked(otherUserId, viewerId)}`;
}

/** Whether the person blocked anyone or was blocked by anyone (two index probes). */
export async function hasAnyBlock(db: Db, userId: string): Promise<boolean> {
  const [row] = await executeRows<{ any: boolean }>(
    db,
    sql`SELECT EXISTS (SELECT 1 FROM ${blocks} WHERE blocker_id = ${userId})
            OR EXISTS (SELECT 1 FROM ${blocks} WHERE blocked_id = ${userId}) AS any`,
  );
  return Boolean(row?.any);
}

/** How the viewer and another person stand: who blocked whom, if anyone. */
export interface BlockState {
  /** The viewer blocked them. */
  blockedThem: boolean;
  /** They blocked the viewer: to the viewer they do not exist. */
  blockedMe: boolean;
}

export async function selectBlockState(db: Db, viewerId: string, otherId: string) {
  const [row] = await executeRows<{ blocked_them: boolean; blocked_me: boolean }>(
    db,
    sql`SELECT ${hasBlocked(viewerId, otherId)} AS blocked_them,
               ${hasBlocked(otherId, viewerId)} AS blocked_me`,
  );
  return { blockedThem: Boolean(row?.blocked_them), blockedMe: Boolean(row?.blocked_me) };
}

/**
 * A like or comment on a review: how the actor and the review's author stand. Undefined
 * when there is no such review (the write's own statement says so).
 */
export async function selectBlockStateWithAuthor(
  tx: Db,
  actorId: string,
  reviewId: string,
): Promise<BlockState | undefined> {
  const r = alias(reviews, 'r');
  const [row] = await tx
    .select({
      blockedThem: sql<boolean>`${hasBlocked(actorId, sql`${r.userId}`)}`,
      blockedMe: sql<boolean>`${hasBlocked(sql`${r.userId}`, actorId)}`,
    })
    .from(r)
    .where(eq(r.id, reviewId));
  return row && { blockedThem: Boolean(row.blockedThem), blockedMe: Boolean(row.blockedMe) };
}

/**
 * Takes both people's rows, in id order, before a block, a follow or an unfollow between
 * them is decided. A block takes them FOR UPDATE, a follow or unfollow FOR KEY SHARE: the
 * two conflict, so a follow being written waits for a block being written (and then sees
 * it), and a block waits for the follow (and then deletes it); two follows, or a fan-out,
 * still run side by side. Taking these rows before any follow row keeps a block and an
 * unfollow (which both delete the follow row) from waiting on each other. Answers how many
 * of the two exist.
 */
export async function lockPair(
  tx: Tx,
  ids: [string, string],
  strength: 'block' | 'follow',
): Promise<number> {
  const rows = await tx
    .select({ id: users.id })
    .from(users)
    .where(inArray(users.id, ids))
    .orderBy(users.id)
    .for(strength === 'block' ? 'update' : 'key share');
  return rows.length;
}

/** Blocking twice is blocking once. */
export async function insertBlock(tx: Tx, blockerId: string, blockedId: string): Promise<void> {
  await tx.insert(blocks).values({ blockerId, blockedId }).onConflictDoNothing();
}

/** Unblocking; false when there was no such block. */
export async function deleteBlock(tx: Tx, blockerId: string, blockedId: string) {
  return deleteWhere(
    tx,
    blocks,
    and(eq(blocks.blockerId, blockerId), eq(blocks.blockedId, blockedId)),
  );
}

/** Both follows, and follow requests, between two people; the counters and timelines follow by trigger. */
export async function deleteFollowsBetween(tx: Tx, oneId: string, otherId: string) {
  await tx.execute(sql`
    DELETE FROM ${userFollows}
     WHERE (follower_id = ${oneId} AND following_id = ${otherId})
        OR (follower_id = ${otherId} AND following_id = ${oneId})`);
  // A follow request waiting either way goes too: a block is not something to approve.
  await tx.execute(sql`
    DELETE FROM ${followRequests}
     WHERE (requester_id = ${oneId} AND target_id = ${otherId})
        OR (requester_id = ${otherId} AND target_id = ${oneId})`);
}

export async function hasBlockRow(db: Db, blockerId: string, blockedId: string) {
  const rows = await db
    .select({ id: blocks.blockedId })
    .from(blocks)
    .where(and(eq(blocks.blockerId, blockerId), eq(blocks.blockedId, blockedId)));
  return rows.length > 0;
}

/**
 * One page of the people `blockerId` blocked, newest block first, from
 * blocks_blocker_created_idx under the LIMIT; `before` is the last person of the previous
 * page.
 */
export async function selectBlockPage(
  db: Db,
  blockerId: string,
  page: { limit: number; before?: string | undefined },
) {
  const cursor = page.before
    ? sql`(${blocks.createdAt}, ${blocks.blockedId}) < (SELECT c.created_at, c.blocked_id FROM ${blocks} c
             WHERE c.blocker_id = ${blockerId} AND c.blocked_id = ${page.before})`
    : undefined;
  return db
    .select({
      ...personColumns(users),
    })
    .from(blocks)
    .innerJoin(users, eq(users.id, blocks.blockedId))
    .where(and(eq(blocks.blockerId, blockerId), cursor))
    .orderBy(desc(blocks.createdAt), desc(blocks.blockedId))
    .limit(page.limit);
}
