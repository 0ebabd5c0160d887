import { useQuery } from '@tanstack/react-query';
import type { UserSummary } from '#shared/schemas/users';
import { apiQuery } from '#client/lib/api-query';
import { FRESH_FOR_MS } from '#client/lib/query';
import { userKeys } from './keys';

/**
 * GET /api/users/suggestions: Find Friends before anything is typed. Kept under the search
 * keys, so a follow (refreshes.ts) asks again and the person followed leaves the list.
 */
export const { options: userSuggestionsQueryOptions } = apiQuery<UserSummary[]>({
  key: () => userKeys.suggestions(),
  path: () => '/users/suggestions',
  staleTime: FRESH_FOR_MS.shared,
});

export function useUserSuggestions() {
  return useQuery(userSuggestionsQueryOptions());
}
