import { api } from '#client/lib/api';
import { withoutConcert, withoutEntry } from '../lib/wishlist-cache';
import { useWishlistChange } from './wishlist-change';

/** DELETE /api/wishlist/{concertId}; 204 when done. */
export async function removeFromWishlist(concertId: string): Promise<void> {
  await api.delete(`/wishlist/${encodeURIComponent(concertId)}`);
}

/**
 * Unsaves a concert: the heart empties and the concert leaves the wishlist page at once, and
 * both come back if the server says no.
 */
export function useRemoveFromWishlist() {
  return useWishlistChange({
    send: removeFromWishlist,
    entries: withoutEntry,
    concerts: withoutConcert,
    succeeded: 'Removed from wishlist',
    failed: 'Failed to remove from wishlist',
  });
}
