import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Likes } from '#shared/schemas/reviews';
import { toast } from '../../../components/ui/use-toast';
import { apiRequest, isUnauthorized, readJson } from '../../../lib/api';
import { reviewKeys } from './keys';

export async function setLiked(reviewId: string, liked: boolean): Promise<Likes> {
  const url = `/api/reviews/${encodeURIComponent(reviewId)}/like`;
  return readJson<Likes>(await apiRequest(liked ? 'POST' : 'DELETE', url));
}

/**
 * Spec §4 like toggle: the count and heart change at once (`onOptimistic`), go back if
 * the server refuses (`onRollback`, with the spec's toast), and the review lists are asked
 * again either way.
 */
export function useToggleLike(
  reviewId: string,
  callbacks: {
    onOptimistic: (liked: boolean) => void;
    onRollback: () => void;
    onDone: (likes: Likes) => void;
  },
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (liked: boolean) => setLiked(reviewId, liked),
    onMutate: (liked) => callbacks.onOptimistic(liked),
    onSuccess: (likes) => callbacks.onDone(likes),
    onError: (error) => {
      callbacks.onRollback();
      toast(
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
      );
    },
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: reviewKeys.likes(reviewId) }),
        queryClient.invalidateQueries({ queryKey: reviewKeys.lists() }),
      ]),
  });
}
