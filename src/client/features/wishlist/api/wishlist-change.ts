import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ConcertListItem } from '#shared/schemas/concerts';
import type { WishlistEntry } from '#shared/schemas/wishlist';
import { toast } from '#client/components/ui/use-toast';
import { refresh, refreshes } from '#client/lib/refreshes';
import { wishlistKeys } from './keys';

type Edit<T> = (list: T | undefined, concertId: string) => T | undefined;

/**
 * Saves or unsaves a concert ahead of the server: `entries` (and `concerts`, where given)
 * change the cached saved lists at once, and go back with the `failed` toast if the server
 * says no. Either way the saved lists are asked for again.
 */
export function useWishlistChange({
  send,
  entries,
  concerts,
  succeeded,
  failed,
}: {
  send: (concertId: string) => Promise<void>;
  entries: Edit<WishlistEntry[]>;
  concerts?: Edit<ConcertListItem[]>;
  succeeded: string;
  failed: string;
}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: wishlistKeys.toggle(),
    mutationFn: send,
    onMutate: async (concertId) => {
      await Promise.all([
        queryClient.cancelQueries({ queryKey: wishlistKeys.entries() }),
        concerts && queryClient.cancelQueries({ queryKey: wishlistKeys.concerts() }),
      ]);
      const previousEntries = queryClient.getQueryData<WishlistEntry[]>(wishlistKeys.entries());
      const previousConcerts = queryClient.getQueryData<ConcertListItem[]>(wishlistKeys.concerts());
      queryClient.setQueryData<WishlistEntry[]>(wishlistKeys.entries(), (list) =>
        entries(list, concertId),
      );
      if (concerts) {
        queryClient.setQueryData<ConcertListItem[]>(wishlistKeys.concerts(), (list) =>
          concerts(list, concertId),
        );
      }
      return { previousEntries, previousConcerts };
    },
    onError: (_error, _concertId, context) => {
      queryClient.setQueryData(wishlistKeys.entries(), context?.previousEntries);
      if (concerts) queryClient.setQueryData(wishlistKeys.concerts(), context?.previousConcerts);
      toast({ title: 'Error', description: failed, variant: 'destructive' });
    },
    onSuccess: () => {
      toast({ title: succeeded });
    },
    onSettled: async () => {
      // Only once the last of overlapping toggles is done, so an early answer cannot undo a
      // later toggle's optimistic state on screen.
      if (queryClient.isMutating({ mutationKey: wishlistKeys.toggle() }) > 1) return;
      await refresh(queryClient, refreshes.wishlistChanged());
    },
  });
}
