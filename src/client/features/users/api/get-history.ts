import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { ConcertListItem } from '#shared/schemas/concerts';
import { RECENT_REVIEWS_LIMIT, TIMELINE_LIMIT } from '#shared/limits';
import { getPage, pageSearch, pagesBeforeLastId } from '../../../lib/pages';
import { FRESH_FOR_MS } from '../../../lib/query';
import { userKeys } from './keys';

function getHistory(
  userId: string,
  limit: number,
  before: string | undefined,
  signal: AbortSignal,
): Promise<ConcertListItem[]> {
  const path = `/api/users/${encodeURIComponent(userId)}/history`;
  return getPage<ConcertListItem>(path, pageSearch(limit, before), signal);
}

/**
 * GET /api/users/{id}/history: past concerts the person reviewed, newest first. A 403 means
 * they keep it private; `enabled` is off when the profile already says so.
 */
export function useConcertHistory(userId: string, enabled: boolean) {
  return useInfiniteQuery({
    queryKey: userKeys.history(userId),
    queryFn: ({ pageParam, signal }) => getHistory(userId, TIMELINE_LIMIT, pageParam, signal),
    ...pagesBeforeLastId(TIMELINE_LIMIT),
    enabled,
    staleTime: FRESH_FOR_MS.shared,
  });
}

/** The overview's Recent Concerts: the same list, its first few. */
export function useRecentConcerts(userId: string, enabled: boolean) {
  return useQuery({
    queryKey: userKeys.recentHistory(userId),
    queryFn: ({ signal }) => getHistory(userId, RECENT_REVIEWS_LIMIT, undefined, signal),
    enabled,
    staleTime: FRESH_FOR_MS.shared,
  });
}
