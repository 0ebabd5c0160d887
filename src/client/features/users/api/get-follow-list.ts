import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { UserSummary } from '#shared/schemas/users';
import { USER_LIST_DEFAULT } from '#shared/limits';
import { api } from '#client/lib/api';
import { pageSearch, pagesBeforeLastId } from '#client/lib/pages';
import { FRESH_FOR_MS } from '#client/lib/query';
import { type FollowListKind, userKeys } from './keys';

export type { FollowListKind } from './keys';

/** GET /api/users/{id}/followers or /following: one page, newest follow first. */
export function getFollowList(
  userId: string,
  kind: FollowListKind,
  before: string | undefined,
  signal?: AbortSignal,
): Promise<UserSummary[]> {
  return api.get<UserSummary[]>(`/users/${encodeURIComponent(userId)}/${kind}`, {
    search: pageSearch(USER_LIST_DEFAULT, before),
    signal,
  });
}

export function followListQueryOptions(userId: string, kind: FollowListKind) {
  return infiniteQueryOptions({
    queryKey: userKeys.followList(userId, kind),
    queryFn: ({ pageParam, signal }) => getFollowList(userId, kind, pageParam, signal),
    ...pagesBeforeLastId(USER_LIST_DEFAULT),
    staleTime: FRESH_FOR_MS.shared,
  });
}

/**
 * A person's followers or following, a page at a time; not asked when `allowed` is false (a
 * private person's, whom the viewer does not follow).
 */
export function useFollowList(userId: string | undefined, kind: FollowListKind, allowed = true) {
  return useInfiniteQuery({
    ...followListQueryOptions(userId ?? '', kind),
    enabled: Boolean(userId) && allowed,
  });
}
