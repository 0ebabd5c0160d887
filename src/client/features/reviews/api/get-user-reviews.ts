import type { Review } from '#shared/schemas/reviews';
import { TIMELINE_LIMIT } from '#shared/limits';
import { apiPages } from '#client/lib/api-query';
import { FRESH_FOR_MS } from '#client/lib/query';
import { refetchWhileProcessing } from '../lib/media-processing';
import { reviewKeys } from './keys';

/** GET /api/users/{id}/reviews: a person's reviews, newest first. */
export const userReviewsPath = (userId: string) => `/users/${encodeURIComponent(userId)}/reviews`;

/** A person's reviews, page after page; `fetchNextPage` continues after the last one held. */
export const { options: userReviewsQueryOptions, use: useUserReviews } = apiPages<
  Review,
  [userId: string]
>({
  key: reviewKeys.byUser,
  path: userReviewsPath,
  limit: TIMELINE_LIMIT,
  staleTime: FRESH_FOR_MS.own,
  refetchInterval: refetchWhileProcessing,
});
