import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import type { WishlistEntry } from '#shared/schemas/wishlist';
import { toConcertIds } from '../lib/wishlist-cache';
import { myWishlistQueryKey } from './get-my-wishlist';

/** GET /api/wishlist: the signed-in person's saved entries, read as a set of concert ids. */
export const wishlistQueryKey = ['/api/wishlist'] as const;

export const wishlistQueryOptions = queryOptions<WishlistEntry[]>({
  queryKey: wishlistQueryKey,
});

/** Every heart on screen reads this one cached list, so they all agree. */
export function useWishlistIds() {
  return useQuery({ ...wishlistQueryOptions, select: toConcertIds });
}

/** Adds and removes share this key, so overlapping toggles can tell about each other. */
export const wishlistMutationKey = ['/api/wishlist'] as const;

/**
 * Refetches the saved lists once the last of several overlapping toggles has finished, so an
 * early answer cannot undo a later toggle's optimistic state on screen.
 */
export async function refreshWishlist(queryClient: QueryClient): Promise<void> {
  if (queryClient.isMutating({ mutationKey: wishlistMutationKey }) > 1) return;
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: wishlistQueryKey }),
    queryClient.invalidateQueries({ queryKey: myWishlistQueryKey }),
  ]);
}
