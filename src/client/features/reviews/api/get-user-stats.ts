import { queryOptions, useQuery } from '@tanstack/react-query';
import type { UserStats } from '#shared/schemas/users';
import { api } from '#client/lib/api';
import { FRESH_FOR_MS } from '#client/lib/query';
import { reviewKeys } from './keys';

/** GET /api/users/{id}/stats: reviews written, average rating, likes and comments received. */
export function getUserStats(userId: string, signal?: AbortSignal): Promise<UserStats> {
  return api.get<UserStats>(`/users/${encodeURIComponent(userId)}/stats`, { signal });
}

export function userStatsQueryOptions(userId: string) {
  return queryOptions({
    queryKey: reviewKeys.stats(userId),
    queryFn: ({ signal }) => getUserStats(userId, signal),
    staleTime: FRESH_FOR_MS.own,
  });
}

export function useUserStats(userId: string) {
  return useQuery(userStatsQueryOptions(userId));
}
