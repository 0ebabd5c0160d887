import { api } from '#client/lib/api';
import { withEntry } from '../lib/wishlist-cache';
import { useWishlistChange } from './wishlist-change';

/** POST /api/wishlist; answers 201 for a new entry and 200 when it was already saved. */
export async function addToWishlist(concertId: string): Promise<void> {
  await api.post('/wishlist', { concertId });
}

/** Saves a concert: the heart fills at once and empties again if the server says no. */
export function useAddToWishlist() {
  return useWishlistChange({
    send: addToWishlist,
    entries: withEntry,
    succeeded: 'Added to wishlist',
    failed: 'Failed to add to wishlist',
  });
}
