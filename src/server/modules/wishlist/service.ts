/**
 * A person's saved concerts. Saving a Ticketmaster or setlist.fm concert we do not hold
 * yet imports it from the provider first (never from what the client sends), in the same
 * transaction as the wishlist row.
 */
import type { ConcertListItem } from '#shared/schemas/concerts';
import type { WishlistEntry } from '#shared/schemas/wishlist';
import type { Database } from '../../db/index.ts';
import { notFound, sqlState } from '../../http-error.ts';
import type { ReadCache } from '../../read-cache.ts';
import {
  CONCERT_NOT_FOUND,
  concertListsChanged,
  resolveConcert,
  storeResolvedConcert,
  type ConcertDeps,
} from '../concerts/service.ts';
import {
  deleteWishlistEntry,
  findWishlistEntry,
  insertWishlistEntry,
  selectWishlistConcerts,
  selectWishlistEntries,
  type WishlistRow,
} from './queries.ts';

function toEntry(row: WishlistRow): WishlistEntry {
  return {
    id: row.id,
    userId: row.userId,
    concertId: row.concertId,
    createdAt: row.createdAt.toISOString(),
  };
}

export async function listWishlistEntries(db: Database, userId: string): Promise<WishlistEntry[]> {
  return (await selectWishlistEntries(db, userId)).map(toEntry);
}

export async function listWishlistConcerts(
  db: Database,
  userId: string,
): Promise<ConcertListItem[]> {
  return selectWishlistConcerts(db, userId);
}

/** Saves a concert; `created` is false when it was saved already (the same entry comes back). */
export async function addToWishlist(
  deps: ConcertDeps & { cache: ReadCache<string> },
  userId: string,
  concertId: string,
): Promise<{ entry: WishlistEntry; created: boolean }> {
  const concert = await resolveConcert(deps, concertId);
  try {
    const saved = await deps.db.transaction(async (tx) => {
      await storeResolvedConcert(tx, concert);
      const inserted = await insertWishlistEntry(tx, userId, concert.id);
      if (inserted) return { entry: toEntry(inserted), created: true };
      const existing = await findWishlistEntry(tx, userId, concert.id);
      if (!existing) throw new Error('wishlist entry vanished between insert and read');
      return { entry: toEntry(existing), created: false };
    });
    // An imported provider concert now shows in our own lists.
    if (concert.pending) concertListsChanged(deps.cache);
    return saved;
  } catch (error) {
    // The concert was deleted between the lookup and the insert.
    if (sqlState(error) === '23503') throw notFound(CONCERT_NOT_FOUND);
    throw error;
  }
}

/** Removing what is not there is fine: the outcome is the same. */
export async function removeFromWishlist(
  db: Database,
  userId: string,
  concertId: string,
): Promise<void> {
  await deleteWishlistEntry(db, userId, concertId);
}
