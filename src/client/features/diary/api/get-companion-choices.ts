import { useInfiniteQuery } from '@tanstack/react-query';
import { USER_LIST_MAX } from '#shared/limits';
import type { UserSummary } from '#shared/schemas/users';
import { apiPages } from '#client/lib/api-query';
import { FRESH_FOR_MS } from '#client/lib/query';
import { diaryKeys } from './keys';

/**
 * GET /api/users/{id}/following for one's own id: the people one may name as "Went with",
 * newest follow first, the largest pages the API gives.
 */
export const { options: companionChoicesQueryOptions } = apiPages<UserSummary, [userId: string]>({
  key: diaryKeys.companionChoices,
  path: (userId) => `/users/${encodeURIComponent(userId)}/following`,
  limit: USER_LIST_MAX,
  staleTime: FRESH_FOR_MS.shared,
});

/** The people one follows, asked for once one's id is known and the dialog is open. */
export function useCompanionChoices(userId: string | undefined) {
  return useInfiniteQuery({
    ...companionChoicesQueryOptions(userId ?? ''),
    enabled: Boolean(userId),
  });
}
