import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Review } from '#shared/schemas/reviews';
import { apiRequest, readJson } from '../../../lib/api';
import { FRESH_FOR_MS } from '../../../lib/query';
import { refetchWhileProcessing } from '../lib/media-processing';
import { reviewKeys } from './keys';

/** GET /api/concerts/{id}/reviews: the concert's reviews, newest first. */
export async function getConcertReviews(id: string, signal?: AbortSignal): Promise<Review[]> {
  const url = `/api/concerts/${encodeURIComponent(id)}/reviews`;
  const response = await apiRequest('GET', url, undefined, { signal });
  return readJson<Review[]>(response);
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
