import type { ReviewContent, Review } from '#shared/schemas/reviews';
import { api, serverMessage } from '#client/lib/api';
import { useApiMutation } from '#client/lib/api-mutation';
import { refreshes } from '#client/lib/refreshes';

const FALLBACK = 'Something went wrong. Please try again.';

export type ReviewSave =
  | { mode: 'create'; concertId: string; content: ReviewContent }
  | { mode: 'edit'; reviewId: string; content: ReviewContent };

/**
 * POST /api/reviews (a new review) or PUT /api/reviews/{id} (an edit). Photos and videos
 * are named by id: uploads' (POST /api/upload answers them) and those the review shows.
 */
export function saveReview(save: ReviewSave): Promise<Review> {
  return save.mode === 'create'
    ? api.post<Review>('/reviews', { ...save.content, concertId: save.concertId })
    : api.put<Review>(`/reviews/${encodeURIComponent(save.reviewId)}`, save.content);
}

/** DELETE /api/reviews/{id}. */
export async function deleteReview(reviewId: string): Promise<void> {
  await api.delete(`/reviews/${encodeURIComponent(reviewId)}`);
}

/**
 * The review written: what the refresh map needs to know of it. The refresh is not waited
 * for: the dialog closes on the server's answer, and the lists follow as they come.
 */
type WrittenReview = Pick<Review, 'id' | 'concertId' | 'userId'>;

/** POST or PUT a review; the toasts are those of docs/product.md §8. */
export function useSaveReview() {
  return useApiMutation({
    send: saveReview,
    // A refused write changed nothing to ask for again.
    refreshes: (_save, review) => (review ? refreshes.reviewWritten(review) : []),
    succeeded: (_review, save) => ({
      title:
        save.mode === 'create' ? 'Review created successfully!' : 'Review updated successfully!',
    }),
    failed: (error, save) => ({
      title: save.mode === 'create' ? 'Failed to create review' : 'Failed to update review',
      description: serverMessage(error) ?? FALLBACK,
      variant: 'destructive',
    }),
  });
}

/** DELETE a review after its confirmation; lists, the author's reviews and numbers refresh. */
export function useDeleteReview() {
  return useApiMutation({
    send: (review: WrittenReview) => deleteReview(review.id),
    refreshes: (review) => refreshes.reviewWritten(review),
    succeeded: () => ({
      title: 'Review deleted',
      description: 'Your review has been successfully deleted.',
    }),
    failed: (error) => ({
      title: 'Failed to delete review',
      description: serverMessage(error) ?? FALLBACK,
      variant: 'destructive',
    }),
  });
}
