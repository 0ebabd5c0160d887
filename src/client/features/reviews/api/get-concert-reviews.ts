import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Review } from '#shared/schemas/reviews';
import { api } from '#client/lib/api';
import { FRESH_FOR_MS } from '#client/lib/query';
import { refetchWhileProcessing } from '../lib/media-processing';
import { reviewKeys } from './keys';

/** GET /api/concerts/{id}/reviews: the concert's reviews, newest first. */
export function getConcertReviews(id: string, signal?: AbortSignal): Promise<Review[]> {
  return api.get<Review[]>(`/concerts/${encodeURIComponent(id)}/reviews`, { signal });
}

export function concertReviewsQueryOptions(id: string) {
  return queryOptions({
    queryKey: reviewKeys.byConcert(id),
    queryFn: ({ signal }) => getConcertReviews(id, signal),
    staleTime: FRESH_FOR_MS.shared,
    refetchInterval: refetchWhileProcessing,
  });
}

export function useConcertReviews(id: string, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...concertReviewsQueryOptions(id), enabled });
}
