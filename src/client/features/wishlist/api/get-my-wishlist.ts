import type { ConcertListItem } from '#shared/schemas/concerts';
import { apiQuery } from '#client/lib/api-query';
import { FRESH_FOR_MS } from '#client/lib/query';
import { wishlistKeys } from './keys';

/** GET /api/users/me/wishlist: the saved concerts themselves, with their average ratings. */
export const { options: myWishlistQueryOptions, use: useMyWishlist } = apiQuery<ConcertListItem[]>({
  key: wishlistKeys.concerts,
  path: () => '/users/me/wishlist',
  staleTime: FRESH_FOR_MS.own,
});
