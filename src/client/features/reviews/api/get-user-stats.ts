import type { UserStats } from '#shared/schemas/users';
import { apiQuery } from '#client/lib/api-query';
import { FRESH_FOR_MS } from '#client/lib/query';
import { reviewKeys } from './keys';

/** GET /api/users/{id}/stats: reviews written, average rating, likes and comments received. */
export const { options: userStatsQueryOptions, use: useUserStats } = apiQuery<
  UserStats,
  [userId: string]
>({
  key: reviewKeys.stats,
  path: (userId) => `/users/${encodeURIComponent(userId)}/stats`,
  staleTime: FRESH_FOR_MS.own,
});
