import {
  infiniteQueryOptions,
  queryOptions,
  useInfiniteQuery,
  useQuery,
} from '@tanstack/react-query';
import type { ConcertListItem } from '#shared/schemas/concerts';
import { RECENT_REVIEWS_LIMIT, TIMELINE_LIMIT } from '#shared/limits';
import { api } from '#client/lib/api';
import { pageSearch, pagesBeforeLastId } from '#client/lib/pages';
import { FRESH_FOR_MS } from '#client/lib/query';
import { userKeys } from './keys';

/**
 * GET /api/users/{id}/history: past concerts the person reviewed, newest first, `limit` of
 * them after `before`. A 403 means they keep it private.
 */
export function getHistory(
  userId: string,
  limit: number,
  before: string | undefined,
  signal?: AbortSignal,
): Promise<ConcertListItem[]> {
  return api.get<ConcertListItem[]>(`/users/${encodeURIComponent(userId)}/history`, {
    search: pageSearch(limit, before),
    signal,
  });
}

export function concertHistoryQueryOptions(userId: string) {
  return infiniteQueryOptions({
    queryKey: userKeys.history(userId),
    queryFn: ({ pageParam, signal }) => getHistory(userId, TIMELINE_LIMIT, pageParam, signal),
    ...pagesBeforeLastId(TIMELINE_LIMIT),
    staleTime: FRESH_FOR_MS.shared,
  });
}

/** The whole history, page after page; `enabled` is off when the profile says it is private. */
export function useConcertHistory(userId: string, enabled: boolean) {
  return useInfiniteQuery({ ...concertHistoryQueryOptions(userId), enabled });
}

/** The overview's Recent Concerts: the same list, its first few. */
export function recentConcertsQueryOptions(userId: string) {
  return queryOptions({
    queryKey: userKeys.recentHistory(userId),
    queryFn: ({ signal }) => getHistory(userId, RECENT_REVIEWS_LIMIT, undefined, signal),
    staleTime: FRESH_FOR_MS.shared,
  });
}

export function useRecentConcerts(userId: string, enabled: boolean) {
  return useQuery({ ...recentConcertsQueryOptions(userId), enabled });
}
