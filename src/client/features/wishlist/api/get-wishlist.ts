import { queryOptions, useQuery } from '@tanstack/react-query';
import type { WishlistEntry } from '#shared/schemas/wishlist';
import { toConcertIds } from '../lib/wishlist-cache';
import { api } from '#client/lib/api';
import { FRESH_FOR_MS } from '#client/lib/query';
import { wishlistKeys } from './keys';

/** GET /api/wishlist: the signed-in person's saved entries. */
export function getWishlist(signal?: AbortSignal): Promise<WishlistEntry[]> {
  return api.get<WishlistEntry[]>('/wishlist', { signal });
}

export const wishlistQueryOptions = queryOptions({
  queryKey: wishlistKeys.entries(),
  queryFn: ({ signal }) => getWishlist(signal),
  staleTime: FRESH_FOR_MS.own,
});

/** Every heart on screen reads this one cached list, as a set of concert ids, so they all agree. */
export function useWishlistIds() {
  return useQuery({ ...wishlistQueryOptions, select: toConcertIds });
}
