import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { ReviewContent, Review } from '#shared/schemas/reviews';
import { toast } from '../../../components/ui/use-toast';
import { apiRequest, readJson, serverMessage } from '../../../lib/api';
import { useReviewsChanged } from '../hooks/reviews-changed';
import { reviewKeys } from './keys';

const FALLBACK = 'Something went wrong. Please try again.';

/** Every list, the review itself and the author's numbers may show what changed. */
export function refreshAfterReviewWrite(queryClient: QueryClient) {
  return queryClient.invalidateQueries({ queryKey: reviewKeys.all });
}

export type ReviewSave =
  | { mode: 'create'; concertId: string; content: ReviewContent }
  | { mode: 'edit'; reviewId: string; content: ReviewContent };

export async function saveReview(save: ReviewSave): Promise<Review> {
  const response =
    save.mode === 'create'
      ? await apiRequest('POST', '/api/reviews', { ...save.content, concertId: save.concertId })
      : await apiRequest('PUT', `/api/reviews/${encodeURIComponent(save.reviewId)}`, save.content);
  return readJson<Review>(response);
}

/** POST or PUT a review; the toasts are those of docs/product.md §8. */
export function useSaveReview() {
  const queryClient = useQueryClient();
  const reviewsChanged = useReviewsChanged();
  return useMutation({
    mutationFn: saveReview,
    onSuccess: (review, save) => {
      toast({
        title:
          save.mode === 'create' ? 'Review created successfully!' : 'Review updated successfully!',
      });
      reviewsChanged(review.concertId);
    },
    onError: (error, save) => {
      toast({
        title: save.mode === 'create' ? 'Failed to create review' : 'Failed to update review',
        description: serverMessage(error) ?? FALLBACK,
        variant: 'destructive',
      });
    },
    onSettled: () => refreshAfterReviewWrite(queryClient),
  });
}

/** DELETE a review after its confirmation; lists, the author's reviews and numbers refresh. */
export function useDeleteReview() {
  const queryClient = useQueryClient();
  const reviewsChanged = useReviewsChanged();
  return useMutation({
    mutationFn: async (review: Pick<Review, 'id' | 'concertId'>) => {
      await apiRequest('DELETE', `/api/reviews/${encodeURIComponent(review.id)}`);
    },
    onSuccess: (_nothing, review) => {
      toast({ title: 'Review deleted', description: 'Your review has been successfully deleted.' });
      reviewsChanged(review.concertId);
    },
    onError: (error) => {
      toast({
        title: 'Failed to delete review',
        description: serverMessage(error) ?? FALLBACK,
        variant: 'destructive',
      });
    },
    onSettled: () => refreshAfterReviewWrite(queryClient),
  });
}
