import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { UserSummary } from '#shared/schemas/users';
import { USER_LIST_DEFAULT, USER_SEARCH_MIN } from '#shared/limits';
import { api } from '#client/lib/api';
import { FRESH_FOR_MS } from '#client/lib/query';
import { userKeys } from './keys';

/**
 * True when `term` is long enough to search for (docs/product.md §5: at least 2 trimmed
 * characters).
 */
export const isSearchable = (term: string) => term.trim().length >= USER_SEARCH_MIN;

/** GET /api/users/search: people by username or name, each with isFollowing. */
export function searchUsers(term: string, signal?: AbortSignal): Promise<UserSummary[]> {
  return api.get<UserSummary[]>('/users/search', {
    search: { q: term, limit: String(USER_LIST_DEFAULT) },
    signal,
  });
}

export function userSearchQueryOptions(term: string) {
  const q = term.trim();
  return queryOptions({
    queryKey: userKeys.search(q.toLowerCase()),
    queryFn: ({ signal }) => searchUsers(q, signal),
    enabled: isSearchable(q),
    // The previous answer stays up while the next term is asked, instead of a flash of loading.
    placeholderData: keepPreviousData,
    staleTime: FRESH_FOR_MS.shared,
  });
}

export function useUserSearch(term: string) {
  return useQuery(userSearchQueryOptions(term));
}
