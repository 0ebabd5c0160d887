import type { Review } from '#shared/schemas/reviews';
import { RECENT_REVIEWS_LIMIT } from '#shared/limits';
import { apiQuery } from '#client/lib/api-query';
import { pageSearch } from '#client/lib/pages';
import { FRESH_FOR_MS } from '#client/lib/query';
import { refetchWhileProcessing } from '../lib/media-processing';
import { userReviewsPath } from './get-user-reviews';
import { reviewKeys } from './keys';

/** A profile's Recent Reviews: the first RECENT_REVIEWS_LIMIT of the person's reviews. */
export const { options: recentUserReviewsQueryOptions, use: useRecentUserReviews } = apiQuery<
  Review[],
  [userId: string]
>({
  key: reviewKeys.recentByUser,
  path: userReviewsPath,
  search: () => pageSearch(RECENT_REVIEWS_LIMIT, undefined),
  staleTime: FRESH_FOR_MS.shared,
  refetchInterval: refetchWhileProcessing,
});
