import { useInfiniteQuery } from '@tanstack/react-query';
import type { UserSummary } from '#shared/schemas/users';
import { USER_LIST_DEFAULT } from '#shared/limits';
import { apiPages } from '#client/lib/api-query';
import { FRESH_FOR_MS } from '#client/lib/query';
import { type FollowListKind, userKeys } from './keys';

export type { FollowListKind } from './keys';

/** GET /api/users/{id}/followers or /following: newest follow first, a page at a time. */
export const { options: followListQueryOptions } = apiPages<
  UserSummary,
  [userId: string, kind: FollowListKind]
>({
  key: userKeys.followList,
  path: (userId, kind) => `/users/${encodeURIComponent(userId)}/${kind}`,
  limit: USER_LIST_DEFAULT,
  staleTime: FRESH_FOR_MS.shared,
});

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
