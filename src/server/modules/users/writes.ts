/**
 * Follow rows. The unique (follower, following) pair makes following idempotent: a second
 * follow, even a concurrent one, waits for the first and inserts nothing. The people's
 * counters move with the rows in a trigger (migration 0007), inside the same transaction.
 */
import { and, eq } from 'drizzle-orm';
import type { Database, Tx } from '../../db/index.ts';
import { userFollows, users } from '../../db/schema.ts';

type Db = Database | Tx;

/** Whether this call added the follow; a missing person fails the row's foreign key. */
export async function insertFollow(
  tx: Tx,
  followerId: string,
  followingId: string,
): Promise<boolean> {
  const rows = await tx
    .insert(userFollows)
    .values({ followerId, followingId })
    .onConflictDoNothing({ target: [userFollows.followerId, userFollows.followingId] })
    .returning({ id: userFollows.id });
  return rows.length > 0;
}

export async function deleteFollow(tx: Tx, followerId: string, followingId: string) {
  await tx
    .delete(userFollows)
    .where(and(eq(userFollows.followerId, followerId), eq(userFollows.followingId, followingId)));
}

/**
 * The person's follower count as this transaction sees it: after its own follow or
 * unfollow (whose trigger holds their row), or as last committed. Undefined when there is
 * no such person.
 */
export async function selectFollowerCount(db: Db, userId: string): Promise<number | undefined> {
  const [row] = await db
    .select({ followers: users.followersCount })
    .from(users)
    .where(eq(users.id, userId));
  return row?.followers;
}
