import { useInfiniteQuery } from '@tanstack/react-query';
import type { Review } from '#shared/schemas/reviews';
import { TIMELINE_LIMIT } from '#shared/limits';
import { getPage, pageSearch, pagesBeforeLastId } from '../../../lib/pages';
import { FRESH_FOR_MS } from '../../../lib/query';
import { refetchWhileProcessing } from '../lib/media-processing';
import { reviewKeys } from './keys';

/** GET /api/users/{id}/reviews: a person's reviews newest first, a page after `before`. */
export function getUserReviews(
  userId: string,
  before: string | undefined,
  signal?: AbortSignal,
): Promise<Review[]> {
  const path = `/api/users/${encodeURIComponent(userId)}/reviews`;
  return getPage<Review>(path, pageSearch(TIMELINE_LIMIT, before), signal);
}

/** A person's reviews, page after page; `fetchNextPage` continues after the last one held. */
export function useUserReviews(userId: string) {
  return useInfiniteQuery({
    queryKey: reviewKeys.byUser(userId),
    queryFn: ({ pageParam, signal }) => getUserReviews(userId, pageParam, signal),
    ...pagesBeforeLastId(TIMELINE_LIMIT),
    staleTime: FRESH_FOR_MS.own,
    refetchInterval: refetchWhileProcessing,
  });
}
