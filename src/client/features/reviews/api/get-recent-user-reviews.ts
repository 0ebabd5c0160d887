import { useQuery } from '@tanstack/react-query';
import type { Review } from '#shared/schemas/reviews';
import { RECENT_REVIEWS_LIMIT } from '#shared/limits';
import { getJson } from '../../../lib/api';
import { FRESH_FOR_MS } from '../../../lib/query';
import { refetchWhileProcessing } from '../lib/media-processing';
import { reviewKeys } from './keys';

/** GET /api/users/{id}/reviews?limit=3: a profile's Recent Reviews. */
export function useRecentUserReviews(userId: string) {
  return useQuery({
    queryKey: reviewKeys.recentByUser(userId),
    queryFn: getJson<Review[]>(
      `/api/users/${encodeURIComponent(userId)}/reviews?limit=${RECENT_REVIEWS_LIMIT}`,
    ),
    staleTime: FRESH_FOR_MS.shared,
    refetchInterval: refetchWhileProcessing,
  });
}
