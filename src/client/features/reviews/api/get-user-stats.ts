import { useQuery } from '@tanstack/react-query';
import type { UserStats } from '#shared/schemas/users';
import { getJson } from '../../../lib/api';
import { FRESH_FOR_MS } from '../../../lib/query';
import { reviewKeys } from './keys';

/** GET /api/users/{id}/stats: reviews written, average rating, likes and comments received. */
export function useUserStats(userId: string) {
  return useQuery({
    queryKey: reviewKeys.stats(userId),
    queryFn: getJson<UserStats>(`/api/users/${encodeURIComponent(userId)}/stats`),
    staleTime: FRESH_FOR_MS.own,
  });
}
