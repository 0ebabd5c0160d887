import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ConcertListItem } from '#shared/schemas/concerts';

/** GET /api/users/me/wishlist: the saved concerts themselves, with their average ratings. */
export const myWishlistQueryKey = ['/api/users/me/wishlist'] as const;

export const myWishlistQueryOptions = queryOptions<ConcertListItem[]>({
  queryKey: myWishlistQueryKey,
});

export function useMyWishlist() {
  return useQuery(myWishlistQueryOptions);
}
