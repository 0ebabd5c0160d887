import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ConcertListItem } from '#shared/schemas/concerts';
import type { WishlistEntry } from '#shared/schemas/wishlist';
import { toast } from '../../../components/ui/use-toast';
import { apiRequest } from '../../../lib/api';
import { withoutConcert, withoutEntry } from '../lib/wishlist-cache';
import { myWishlistQueryKey } from './get-my-wishlist';
import { refreshWishlist, wishlistMutationKey, wishlistQueryKey } from './get-wishlist';

/** DELETE /api/wishlist/{concertId}; 204 when done. */
export async function removeFromWishlist(concertId: string): Promise<void> {
  await apiRequest('DELETE', `/api/wishlist/${encodeURIComponent(concertId)}`);
}

/**
 * Unsaves a concert: the heart empties and the concert leaves the wishlist page at once, and
 * both come back if the server says no.
 */
export function useRemoveFromWishlist() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: wishlistMutationKey,
    mutationFn: removeFromWishlist,
    onMutate: async (concertId) => {
      await Promise.all([
        queryClient.cancelQueries({ queryKey: wishlistQueryKey }),
        queryClient.cancelQueries({ queryKey: myWishlistQueryKey }),
      ]);
      const previousEntries = queryClient.getQueryData<WishlistEntry[]>(wishlistQueryKey);
      const previousConcerts = queryClient.getQueryData<ConcertListItem[]>(myWishlistQueryKey);
      queryClient.setQueryData<WishlistEntry[]>(wishlistQueryKey, (entries) =>
        withoutEntry(entries, concertId),
      );
      queryClient.setQueryData<ConcertListItem[]>(myWishlistQueryKey, (concerts) =>
        withoutConcert(concerts, concertId),
      );
      return { previousEntries, previousConcerts };
    },
    onError: (_error, _concertId, context) => {
      queryClient.setQueryData(wishlistQueryKey, context?.previousEntries);
      queryClient.setQueryData(myWishlistQueryKey, context?.previousConcerts);
      toast({
        title: 'Error',
        description: 'Failed to remove from wishlist',
        variant: 'destructive',
      });
    },
    onSuccess: () => {
      toast({ title: 'Removed from wishlist' });
    },
    onSettled: () => refreshWishlist(queryClient),
  });
}
