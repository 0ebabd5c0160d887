import type { Review } from '#shared/schemas/reviews';
import { apiQuery } from '#client/lib/api-query';
import { FRESH_FOR_MS } from '#client/lib/query';
import { reviewKeys } from './keys';

/** GET /api/reviews/{id}: one review, as the dialog opens it to edit. */
export const { options: reviewQueryOptions } = apiQuery<Review, [reviewId: string]>({
  key: (reviewId) => reviewKeys.one(reviewId),
  path: (reviewId) => `/reviews/${encodeURIComponent(reviewId)}`,
  staleTime: FRESH_FOR_MS.shared,
});
