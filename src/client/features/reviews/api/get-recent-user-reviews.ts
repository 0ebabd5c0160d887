import { queryOptions, useQuery } from '@tanstack/react-query';
import { RECENT_REVIEWS_LIMIT } from '#shared/limits';
import { FRESH_FOR_MS } from '#client/lib/query';
import { refetchWhileProcessing } from '../lib/media-processing';
import { getUserReviews } from './get-user-reviews';
import { reviewKeys } from './keys';

/** A profile's Recent Reviews: the first RECENT_REVIEWS_LIMIT of the person's reviews. */
export function recentUserReviewsQueryOptions(userId: string) {
  return queryOptions({
    queryKey: reviewKeys.recentByUser(userId),
    queryFn: ({ signal }) => getUserReviews(userId, undefined, signal, RECENT_REVIEWS_LIMIT),
    staleTime: FRESH_FOR_MS.shared,
    refetchInterval: refetchWhileProcessing,
  });
}

export function useRecentUserReviews(userId: string) {
  return useQuery(recentUserReviewsQueryOptions(userId));
}
