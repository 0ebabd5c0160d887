/** Who follows whom, page by page, and the follow requests waiting for an answer. */
import { and, count, desc, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database, Tx } from '#server/db/index.ts';
import { followRequests, userFollows } from '#server/db/schema.ts';
import { hasRow } from '#server/lib/has-row.ts';
import { notBlockedBetween } from '../blocks.ts';
import { personColumns } from './person-columns.ts';
import { listed as u, shownPerson, summaryColumns } from './summaries.ts';

type Db = Database | Tx;

export type FollowDirection = 'followers' | 'following';

/**
 * One page of a person's followers (or of the people they follow), newest follow first,
 * from user_follows_following_idx (or user_follows_follower_created_idx). `before` is the
 * last person of the previous page; their follow row is where the page continues. The
 * indexes hold created_at DESC NULLS LAST, and only that order lets the LIMIT stop early.
 */
export async function selectFollowPage(
  db: Db,
  direction: FollowDirection,
  userId: string,
  viewerId: string,
  page: { limit: number; before?: string | undefined },
) {
  const f = alias(userFollows, 'f');
  // followers: the rows whose following_id is the person; the people are their follower_id.
  const [own, other] =
    direction === 'followers' ? [f.followingId, f.followerId] : [f.followerId, f.followingId];
  const [ownName, otherName] =
    direction === 'followers'
      ? [sql`following_id`, sql`follower_id`]
      : [sql`follower_id`, sql`following_id`];
  const cursor = page.before
    ? sql`(${f.createdAt}, ${f.id}) < (SELECT c.created_at, c.id FROM ${userFollows} c
                                        WHERE c.${ownName} = ${userId} AND c.${otherName} = ${page.before})`
    : undefined;
  return db
    .select(summaryColumns(viewerId))
    .from(f)
    .innerJoin(u, eq(u.id, other))
    .where(and(eq(own, userId), cursor, notBlockedBetween(viewerId, sql`${u.id}`)))
    .orderBy(sql`${f.createdAt} DESC NULLS LAST`, desc(f.id))
    .limit(page.limit)
    .then((people) => people.map(shownPerson));
}

/** Whether a follow row links the person and `otherId` in that direction. */
export async function followRowExists(
  db: Db,
  direction: FollowDirection,
  userId: string,
  otherId: string,
): Promise<boolean> {
  const [followerId, followingId] =
    direction === 'followers' ? [otherId, userId] : [userId, otherId];
  return hasRow(
    db,
    userFollows,
    and(eq(userFollows.followerId, followerId), eq(userFollows.followingId, followingId)),
  );
}

/** How many people wait for the person's answer to their follow request (the target's index). */
export async function countFollowRequests(db: Db, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(followRequests)
    .where(eq(followRequests.targetId, userId));
  return row?.n ?? 0;
}

/**
 * One page of the people waiting for the person's answer, newest request first, from
 * follow_requests_target_created_idx, and how many wait in all: each row of the page
 * carries the count. Only a page past the last request needs a count of its own.
 */
export async function selectFollowRequestPage(
  db: Db,
  userId: string,
  page: { limit: number; before?: string | undefined },
) {
  const fr = alias(followRequests, 'fr');
  const cursor = page.before
    ? sql`(${fr.createdAt}, ${fr.id}) < (SELECT c.created_at, c.id FROM ${followRequests} c
                                          WHERE c.target_id = ${userId} AND c.requester_id = ${page.before})`
    : undefined;
  const rows = await db
    .select({
      pending: sql<number>`(SELECT count(*) FROM ${followRequests} WHERE target_id = ${userId})::int`,
      ...personColumns(u),
      requestedAt: fr.createdAt,
    })
    .from(fr)
    .innerJoin(u, eq(u.id, fr.requesterId))
    .where(and(eq(fr.targetId, userId), cursor))
    .orderBy(desc(fr.createdAt), desc(fr.id))
    .limit(page.limit);
  return {
    pending: rows[0]?.pending ?? (await countFollowRequests(db, userId)),
    requests: rows.map(({ pending: _pending, requestedAt, ...person }) => ({
      ...shownPerson(person),
      requestedAt: requestedAt.toISOString(),
    })),
  };
}
