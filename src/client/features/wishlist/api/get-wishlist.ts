import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import type { WishlistEntry } from '#shared/schemas/wishlist';
import { toConcertIds } from '../lib/wishlist-cache';
import { getJson } from '../../../lib/api';
import { FRESH_FOR_MS } from '../../../lib/query';
import { wishlistKeys } from './keys';

/** GET /api/wishlist: the signed-in person's saved entries, read as a set of concert ids. */
export const wishlistQueryOptions = queryOptions({
  queryKey: wishlistKeys.entries(),
  queryFn: getJson<WishlistEntry[]>('/api/wishlist'),
  staleTime: FRESH_FOR_MS.own,
});

/** Every heart on screen reads this one cached list, so they all agree. */
export function useWishlistIds() {
  return useQuery({ ...wishlistQueryOptions, select: toConcertIds });
}

/**
 * Refetches the saved lists once the last of several overlapping toggles has finished, so an
 * early answer cannot undo a later toggle's optimistic state on screen.
 */
export async function refreshWishlist(queryClient: QueryClient): Promise<void> {
  if (queryClient.isMutating({ mutationKey: wishlistKeys.toggle() }) > 1) return;
  // Both saved lists, entries and concerts, sit under the feature's root key.
  await queryClient.invalidateQueries({ queryKey: wishlistKeys.all });
}
