import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ConcertListItem } from '#shared/schemas/concerts';
import { api } from '#client/lib/api';
import { FRESH_FOR_MS } from '#client/lib/query';
import { wishlistKeys } from './keys';

/** GET /api/users/me/wishlist: the saved concerts themselves, with their average ratings. */
export function getMyWishlist(signal?: AbortSignal): Promise<ConcertListItem[]> {
  return api.get<ConcertListItem[]>('/users/me/wishlist', { signal });
}

export const myWishlistQueryOptions = queryOptions({
  queryKey: wishlistKeys.concerts(),
  queryFn: ({ signal }) => getMyWishlist(signal),
  staleTime: FRESH_FOR_MS.own,
});

export function useMyWishlist() {
  return useQuery(myWishlistQueryOptions);
}
