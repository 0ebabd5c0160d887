import { useInfiniteQuery } from '@tanstack/react-query';
import type { UserSummary } from '#shared/schemas/users';
import { USER_LIST_DEFAULT } from '#shared/limits';
import { getPage, pageSearch, pagesBeforeLastId } from '../../../lib/pages';
import { FRESH_FOR_MS } from '../../../lib/query';
import { userKeys } from './keys';

export type FollowListKind = 'followers' | 'following';

function getFollowList(
  userId: string,
  kind: FollowListKind,
  before: string | undefined,
  signal: AbortSignal,
): Promise<UserSummary[]> {
  const path = `/api/users/${encodeURIComponent(userId)}/${kind}`;
  return getPage<UserSummary>(path, pageSearch(USER_LIST_DEFAULT, before), signal);
}

/**
 * GET /api/users/{id}/followers or /following, newest follow first, a page at a time; not
 * asked when `allowed` is false (a private person's, whom the viewer does not follow).
 */
export function useFollowList(userId: string | undefined, kind: FollowListKind, allowed = true) {
  const id = userId ?? '';
  return useInfiniteQuery({
    queryKey: kind === 'followers' ? userKeys.followers(id) : userKeys.following(id),
    queryFn: ({ pageParam, signal }) => getFollowList(id, kind, pageParam, signal),
    ...pagesBeforeLastId(USER_LIST_DEFAULT),
    enabled: Boolean(userId) && allowed,
    staleTime: FRESH_FOR_MS.shared,
  });
}
