import { useAddToWishlist } from '../api/add-to-wishlist';
import { useWishlistIds } from '../api/get-wishlist';
import { useRemoveFromWishlist } from '../api/remove-from-wishlist';

/**
 * Whether a concert is saved, and a toggle that adds it when it is not and removes it when it is
 * (docs/product.md §4). `fallback` is used until the saved list has loaded (the detail page knows
 * it from the concert itself). Clicks while a request runs are ignored.
 */
export function useWishlistToggle(concertId: string, fallback = false) {
  const { data: savedIds } = useWishlistIds();
  const add = useAddToWishlist();
  const remove = useRemoveFromWishlist();
  const isWishlisted = savedIds ? savedIds.has(concertId) : fallback;
  const isPending = add.isPending || remove.isPending;

  const toggle = () => {
    if (isPending) return;
    if (isWishlisted) remove.mutate(concertId);
    else add.mutate(concertId);
  };

  return { isWishlisted, isPending, toggle };
}
