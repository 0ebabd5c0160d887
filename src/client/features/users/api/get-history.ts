import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { ConcertListItem } from '#shared/schemas/concerts';
import { RECENT_REVIEWS_LIMIT, TIMELINE_LIMIT } from '#shared/limits';
import { apiPages, apiQuery } from '#client/lib/api-query';
import { pageSearch } from '#client/lib/pages';
import { FRESH_FOR_MS } from '#client/lib/query';
import { userKeys } from './keys';

/**
 * GET /api/users/{id}/history: past concerts the person reviewed, newest first. A 403 means
 * they keep it private.
 */
const historyPath = (userId: string) => `/users/${encodeURIComponent(userId)}/history`;

export const { options: concertHistoryQueryOptions } = apiPages<ConcertListItem, [userId: string]>({
  key: userKeys.history,
  path: historyPath,
  limit: TIMELINE_LIMIT,
  staleTime: FRESH_FOR_MS.shared,
});

/** The whole history, page after page; `enabled` is off when the profile says it is private. */
export function useConcertHistory(userId: string, enabled: boolean) {
  return useInfiniteQuery({ ...concertHistoryQueryOptions(userId), enabled });
}

/** The overview's Recent Concerts: the same list, its first few. */
export const { options: recentConcertsQueryOptions } = apiQuery<
  ConcertListItem[],
  [userId: string]
>({
  key: userKeys.recentHistory,
  path: historyPath,
  search: () => pageSearch(RECENT_REVIEWS_LIMIT, undefined),
  staleTime: FRESH_FOR_MS.shared,
});

export function useRecentConcerts(userId: string, enabled: boolean) {
  return useQuery({ ...recentConcertsQueryOptions(userId), enabled });
}
