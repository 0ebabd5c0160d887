import type { Likes } from '#shared/schemas/reviews';
import { api, isUnauthorized } from '#client/lib/api';
import { useApiMutation } from '#client/lib/api-mutation';
import type { ToggleCallbacks } from '#client/lib/optimistic-toggle';
import { refreshes } from '#client/lib/refreshes';

/** POST (like) or DELETE (unlike) /api/reviews/{id}/like. */
export function setLiked(reviewId: string, liked: boolean): Promise<Likes> {
  return api.toggle<Likes>(`/reviews/${encodeURIComponent(reviewId)}/like`, liked);
}

/**
 * docs/product.md §4 "Like toggle": the count and heart change at once (`onMutate`), go back if
 * the server refuses (`onError`, with the toast of docs/product.md §8), and the review lists are
 * asked again either way.
 */
export function useToggleLike(reviewId: string, callbacks: ToggleCallbacks<Likes>) {
  return useApiMutation({
    send: (liked: boolean) => setLiked(reviewId, liked),
    refreshes: () => refreshes.reviewLiked(reviewId),
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
    pendingUntilRefreshed: true,
    ...callbacks,
  });
}
