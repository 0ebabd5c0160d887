import { useQuery } from '@tanstack/react-query';
import type { WishlistEntry } from '#shared/schemas/wishlist';
import { toConcertIds } from '../lib/wishlist-cache';
import { apiQuery } from '#client/lib/api-query';
import { FRESH_FOR_MS } from '#client/lib/query';
import { wishlistKeys } from './keys';

/** GET /api/wishlist: the signed-in person's saved entries. */
export const { options: wishlistQueryOptions } = apiQuery<WishlistEntry[]>({
  key: wishlistKeys.entries,
  path: () => '/wishlist',
  staleTime: FRESH_FOR_MS.own,
});

/** Every heart on screen reads this one cached list, as a set of concert ids, so they all agree. */
export function useWishlistIds() {
  return useQuery({ ...wishlistQueryOptions(), select: toConcertIds });
}
