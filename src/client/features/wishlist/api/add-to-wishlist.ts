import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { WishlistEntry } from '#shared/schemas/wishlist';
import { toast } from '../../../components/ui/use-toast';
import { apiRequest } from '../../../lib/api';
import { withEntry } from '../lib/wishlist-cache';
import { refreshWishlist } from './get-wishlist';
import { wishlistKeys } from './keys';

/** POST /api/wishlist; answers 201 for a new entry and 200 when it was already saved. */
export async function addToWishlist(concertId: string): Promise<void> {
  await apiRequest('POST', '/api/wishlist', { concertId });
}

/** Saves a concert: the heart fills at once and empties again if the server says no. */
export function useAddToWishlist() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: wishlistKeys.toggle(),
    mutationFn: addToWishlist,
    onMutate: async (concertId) => {
      await queryClient.cancelQueries({ queryKey: wishlistKeys.entries() });
      const previous = queryClient.getQueryData<WishlistEntry[]>(wishlistKeys.entries());
      queryClient.setQueryData<WishlistEntry[]>(wishlistKeys.entries(), (entries) =>
        withEntry(entries, concertId),
      );
      return { previous };
    },
    onError: (_error, _concertId, context) => {
      queryClient.setQueryData(wishlistKeys.entries(), context?.previous);
      toast({
        title: 'Error',
        description: 'Failed to add to wishlist',
        variant: 'destructive',
      });
    },
    onSuccess: () => {
      toast({ title: 'Added to wishlist' });
    },
    onSettled: () => refreshWishlist(queryClient),
  });
}
