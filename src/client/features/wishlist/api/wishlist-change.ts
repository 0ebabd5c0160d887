import type { ConcertListItem } from '#shared/schemas/concerts';
import type { WishlistEntry } from '#shared/schemas/wishlist';
import { type CachePatch, useApiMutation } from '#client/lib/api-mutation';
import { refreshes } from '#client/lib/refreshes';
import { wishlistKeys } from './keys';

type Edit<T> = (list: T | undefined, concertId: string) => T | undefined;

/** The patch of one saved list by `edit`, for `concertId`. */
const editing = <T>(key: readonly unknown[], edit: Edit<T>, concertId: string): CachePatch => ({
  key,
  apply: (list) => edit(list as T | undefined, concertId),
});

/**
 * Saves or unsaves a concert ahead of the server: `entries` (and `concerts`, where given)
 * change the cached saved lists at once, and go back with the `failed` toast if the server
 * says no. Adds and removes share a key, so the saved lists are asked for again once the last
 * of toggles pressed in turn is answered, and an early answer cannot undo a later heart.
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
  return useApiMutation({
    key: wishlistKeys.toggle(),
    send,
    refreshes: () => refreshes.wishlistChanged(),
    optimistic: (concertId) => [
      editing(wishlistKeys.entries(), entries, concertId),
      ...(concerts ? [editing(wishlistKeys.concerts(), concerts, concertId)] : []),
    ],
    succeeded: () => ({ title: succeeded }),
    failed: () => ({ title: 'Error', description: failed, variant: 'destructive' }),
  });
}
