import { useInfiniteQuery } from '@tanstack/react-query';
import type { UserSummary } from '#shared/schemas/users';
import { USER_LIST_DEFAULT } from '#shared/limits';
import { apiRequest, readJson } from '../../../lib/api';
import { FRESH_FOR_MS } from '../../../lib/query';
import { userKeys } from './keys';

export type FollowListKind = 'followers' | 'following';

async function getFollowList(
  userId: string,
  kind: FollowListKind,
  before: string | undefined,
  signal: AbortSignal,
): Promise<UserSummary[]> {
  const query = new URLSearchParams({ limit: String(USER_LIST_DEFAULT) });
  if (before) query.set('before', before);
  const url = `/api/users/${encodeURIComponent(userId)}/${kind}?${query}`;
  return readJson<UserSummary[]>(await apiRequest('GET', url, undefined, { signal }));
}

/** GET /api/users/{id}/followers or /following, newest follow first, a page at a time. */
export function useFollowList(userId: string | undefined, kind: FollowListKind) {
  const id = userId ?? '';
  return useInfiniteQuery({
    queryKey: kind === 'followers' ? userKeys.followers(id) : userKeys.following(id),
    queryFn: ({ pageParam, signal }) => getFollowList(id, kind, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) =>
      page.length < USER_LIST_DEFAULT ? undefined : page[page.length - 1]?.id,
    enabled: Boolean(userId),
    staleTime: FRESH_FOR_MS.shared,
  });
}
