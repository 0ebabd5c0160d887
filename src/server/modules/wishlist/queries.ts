/**
 * Wishlist rows. The unique (user_id, concert_id) pair makes adding idempotent: a second
 * add, even a concurrent one, does nothing and the existing row is read back.
 */
import { and, desc, eq } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';
import type { ConcertListItem } from '#shared/schemas/concerts';
import type { Database, Tx } from '#server/db/index.ts';
import { concerts, concertWishlist, setlists } from '#server/db/schema.ts';
import { findRow } from '#server/lib/has-row.ts';
import { concertListItemColumns } from '../concerts/index.ts';

type Db = Database | Tx;

/** However many a person saves, one answer holds at most this many (newest first). */
export const WISHLIST_LIMIT = 500;

export type WishlistRow = typeof concertWishlist.$inferSelect;

/**
 * A select from the wishlist (alone or joined to its concerts) narrowed to the person's
 * rows, newest saved first, at most WISHLIST_LIMIT: every list of saved concerts, the
 * calendar feed's included.
 */
export function savedConcertsOf<Query extends PgSelect>(query: Query, userId: string) {
  return query
    .where(eq(concertWishlist.userId, userId))
    .orderBy(desc(concertWishlist.createdAt), desc(concertWishlist.id))
    .limit(WISHLIST_LIMIT);
}

export async function selectWishlistEntries(db: Db, userId: string): Promise<WishlistRow[]> {
  return savedConcertsOf(db.select().from(concertWishlist).$dynamic(), userId);
}

/** The new row, or undefined when the pair exists already. */
export async function insertWishlistEntry(
  tx: Db,
  userId: string,
  concertId: string,
): Promise<WishlistRow | undefined> {
  const [row] = await tx
    .insert(concertWishlist)
    .values({ userId, concertId })
    .onConflictDoNothing({ target: [concertWishlist.userId, concertWishlist.concertId] })
    .returning();
  return row;
}

export async function findWishlistEntry(
  db: Db,
  userId: string,
  concertId: string,
): Promise<WishlistRow | undefined> {
  return findRow(
    db,
    concertWishlist,
    and(eq(concertWishlist.userId, userId), eq(concertWishlist.concertId, concertId)),
  );
}

export async function deleteWishlistEntry(
  db: Db,
  userId: string,
  concertId: string,
): Promise<void> {
  await db
    .delete(concertWishlist)
    .where(and(eq(concertWishlist.userId, userId), eq(concertWishlist.concertId, concertId)));
}

/** The saved concerts in the list shape, newest saved first, each with its average rating. */
export function buildWishlistConcertsQuery(db: Db, userId: string) {
  const query = db
    .select(concertListItemColumns)
    .from(concertWishlist)
    .innerJoin(concerts, eq(concerts.id, concertWishlist.concertId))
    .leftJoin(setlists, eq(setlists.concertId, concerts.id));
  return savedConcertsOf(query.$dynamic(), userId);
}

export async function selectWishlistConcerts(db: Db, userId: string): Promise<ConcertListItem[]> {
  return buildWishlistConcertsQuery(db, userId);
}
