import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ConcertListItem } from '#shared/schemas/concerts';
import { getJson } from '../../../lib/api';
import { FRESH_FOR_MS } from '../../../lib/query';
import { wishlistKeys } from './keys';

/** GET /api/users/me/wishlist: the saved concerts themselves, with their average ratings. */
export const myWishlistQueryOptions = queryOptions({
  queryKey: wishlistKeys.concerts(),
  queryFn: getJson<ConcertListItem[]>('/api/users/me/wishlist'),
  staleTime: FRESH_FOR_MS.own,
});

export function useMyWishlist() {
  return useQuery(myWishlistQueryOptions);
}
