import { useQuery } from '@tanstack/react-query';
import type { Review } from '#shared/schemas/reviews';
import { apiQuery } from '#client/lib/api-query';
import { FRESH_FOR_MS } from '#client/lib/query';
import { refetchWhileProcessing } from '../lib/media-processing';
import { reviewKeys } from './keys';

/** GET /api/concerts/{id}/reviews: the concert's reviews, newest first. */
export const { options: concertReviewsQueryOptions } = apiQuery<Review[], [id: string]>({
  key: reviewKeys.byConcert,
  path: (id) => `/concerts/${encodeURIComponent(id)}/reviews`,
  staleTime: FRESH_FOR_MS.shared,
  refetchInterval: refetchWhileProcessing,
});

export function useConcertReviews(id: string, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...concertReviewsQueryOptions(id), enabled });
}
