import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { UserSummary } from '#shared/schemas/users';
import { USER_LIST_DEFAULT, USER_SEARCH_MIN } from '#shared/limits';
import { apiQuery } from '#client/lib/api-query';
import { FRESH_FOR_MS } from '#client/lib/query';
import { userKeys } from './keys';

/**
 * True when `term` is long enough to search for (docs/product.md §5: at least 2 trimmed
 * characters).
 */
export const isSearchable = (term: string) => term.trim().length >= USER_SEARCH_MIN;

/**
 * GET /api/users/search: people by username or name, each with isFollowing. The same term in
 * another case or with spaces around is the same search.
 */
export const { options: userSearchQueryOptions } = apiQuery<UserSummary[], [term: string]>({
  key: (term) => userKeys.search(term.trim().toLowerCase()),
  path: () => '/users/search',
  search: (term) => ({ q: term.trim(), limit: String(USER_LIST_DEFAULT) }),
  staleTime: FRESH_FOR_MS.shared,
});

export function useUserSearch(term: string) {
  return useQuery({
    ...userSearchQueryOptions(term),
    enabled: isSearchable(term),
    // The previous answer stays up while the next term is asked, instead of a flash of loading.
    placeholderData: keepPreviousData,
  });
}
