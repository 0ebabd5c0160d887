import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ConcertListItem } from '#shared/schemas/concerts';
import type { WishlistEntry } from '#shared/schemas/wishlist';
import { toast } from '../../../components/ui/use-toast';
import { apiRequest } from '../../../lib/api';
import { withoutConcert, withoutEntry } from '../lib/wishlist-cache';
import { refreshWishlist } from './get-wishlist';
import { wishlistKeys } from './keys';

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
    mutationKey: wishlistKeys.toggle(),
    mutationFn: removeFromWishlist,
    onMutate: async (concertId) => {
      await Promise.all([
        queryClient.cancelQueries({ queryKey: wishlistKeys.entries() }),
        queryClient.cancelQueries({ queryKey: wishlistKeys.concerts() }),
      ]);
      const previousEntries = queryClient.getQueryData<WishlistEntry[]>(wishlistKeys.entries());
      const previousConcerts = queryClient.getQueryData<ConcertListItem[]>(wishlistKeys.concerts());
      queryClient.setQueryData<WishlistEntry[]>(wishlistKeys.entries(), (entries) =>
        withoutEntry(entries, concertId),
      );
      queryClient.setQueryData<ConcertListItem[]>(wishlistKeys.concerts(), (concerts) =>
        withoutConcert(concerts, concertId),
      );
      return { previousEntries, previousConcerts };
    },
    onError: (_error, _concertId, context) => {
      queryClient.setQueryData(wishlistKeys.entries(), context?.previousEntries);
      queryClient.setQueryData(wishlistKeys.concerts(), context?.previousConcerts);
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
