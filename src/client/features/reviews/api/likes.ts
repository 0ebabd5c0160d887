import type { Likes } from '#shared/schemas/reviews';
import { api, isUnauthorized } from '#client/lib/api';
import { type ToggleCallbacks, useOptimisticToggle } from '#client/lib/optimistic-toggle';
import { refreshes } from '#client/lib/refreshes';

/** POST (like) or DELETE (unlike) /api/reviews/{id}/like. */
export function setLiked(reviewId: string, liked: boolean): Promise<Likes> {
  return api.toggle<Likes>(`/reviews/${encodeURIComponent(reviewId)}/like`, liked);
}

/**
 * docs/product.md §4 "Like toggle": the count and heart change at once (`onOptimistic`), go back if
 * the server refuses (`onRollback`, with the toast of docs/product.md §8), and the review lists are
 * asked again either way.
 */
export function useToggleLike(reviewId: string, callbacks: ToggleCallbacks<Likes>) {
  return useOptimisticToggle((liked) => setLiked(reviewId, liked), callbacks, {
    failed: (error) =>
      isUnauthorized(error)
        ? {
            title: 'Please log in',
            description: 'You need to be logged in to like reviews.',
            variant: 'destructive',
          }
        : {
            title: 'Error',
            description: 'Failed to update like. Please try again.',
            variant: 'destructive',
          },
    refreshes: refreshes.reviewLiked(reviewId),
  });
}
