/**
 * A person's saved concerts. Saving a Ticketmaster or setlist.fm concert we do not hold
 * yet imports it from the provider first (never from what the client sends), in the same
 * transaction as the wishlist row.
 */
import type { ConcertListItem } from '#shared/schemas/concerts';
import type { WishlistEntry } from '#shared/schemas/wishlist';
import { notFound, sqlState } from '#server/http-error.ts';
import type { SignedInContext } from '#server/lib/service-context.ts';
import { CONCERT_NOT_FOUND, resolveConcert, storeResolvedConcert } from '../concerts/index.ts';
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

export async function listWishlistEntries(ctx: SignedInContext): Promise<WishlistEntry[]> {
  return (await selectWishlistEntries(ctx.db, ctx.viewerId)).map(toEntry);
}

export async function listWishlistConcerts(ctx: SignedInContext): Promise<ConcertListItem[]> {
  return selectWishlistConcerts(ctx.db, ctx.viewerId);
}

/** Saves a concert; `created` is false when it was saved already (the same entry comes back). */
export async function addToWishlist(
  ctx: SignedInContext,
  concertId: string,
): Promise<{ entry: WishlistEntry; created: boolean }> {
  const userId = ctx.viewerId;
  const concert = await resolveConcert(ctx, concertId);
  try {
    return await ctx.write(async (tx, changes) => {
      await storeResolvedConcert(tx, changes, concert);
      const inserted = await insertWishlistEntry(tx, userId, concert.id);
      if (inserted) {
        changes.record({ kind: 'show-kept' });
        return { entry: toEntry(inserted), created: true };
      }
      const existing = await findWishlistEntry(tx, userId, concert.id);
      if (!existing) throw new Error('wishlist entry vanished between insert and read');
      return { entry: toEntry(existing), created: false };
    });
  } catch (error) {
    // The concert was deleted between the lookup and the insert.
    if (sqlState(error) === '23503') throw notFound(CONCERT_NOT_FOUND);
    throw error;
  }
}

/** Removing what is not there is fine: the outcome is the same. */
export async function removeFromWishlist(ctx: SignedInContext, concertId: string): Promise<void> {
  await deleteWishlistEntry(ctx.db, ctx.viewerId, concertId);
}
