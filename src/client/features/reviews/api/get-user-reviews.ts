import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { Review } from '#shared/schemas/reviews';
import { TIMELINE_LIMIT } from '#shared/limits';
import { api } from '#client/lib/api';
import { pageSearch, pagesBeforeLastId } from '#client/lib/pages';
import { FRESH_FOR_MS } from '#client/lib/query';
import { refetchWhileProcessing } from '../lib/media-processing';
import { reviewKeys } from './keys';

/** GET /api/users/{id}/reviews: a person's reviews newest first, `limit` of them after `before`. */
export function getUserReviews(
  userId: string,
  before: string | undefined,
  signal?: AbortSignal,
  limit = TIMELINE_LIMIT,
): Promise<Review[]> {
  return api.get<Review[]>(`/users/${encodeURIComponent(userId)}/reviews`, {
    search: pageSearch(limit, before),
    signal,
  });
}

/** A person's reviews, page after page; `fetchNextPage` continues after the last one held. */
export function userReviewsQueryOptions(userId: string) {
  return infiniteQueryOptions({
    queryKey: reviewKeys.byUser(userId),
    queryFn: ({ pageParam, signal }) => getUserReviews(userId, pageParam, signal),
    ...pagesBeforeLastId(TIMELINE_LIMIT),
    staleTime: FRESH_FOR_MS.own,
    refetchInterval: refetchWhileProcessing,
  });
}

export function useUserReviews(userId: string) {
  return useInfiniteQuery(userReviewsQueryOptions(userId));
}
