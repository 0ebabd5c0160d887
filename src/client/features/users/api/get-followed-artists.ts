import { useQuery } from '@tanstack/react-query';
import type { FollowedArtist } from '#shared/schemas/users';
import { apiQuery } from '#client/lib/api-query';
import { FRESH_FOR_MS } from '#client/lib/query';
import { userKeys } from './keys';

/**
 * GET /api/users/{id}/artists: the artists a person follows, newest follow first (the
 * server's default page). A 403 means a private person the viewer does not follow.
 */
export const { options: followedArtistsQueryOptions } = apiQuery<
  FollowedArtist[],
  [userId: string]
>({
  key: userKeys.followedArtists,
  path: (userId) => `/users/${encodeURIComponent(userId)}/artists`,
  staleTime: FRESH_FOR_MS.shared,
});

export function useFollowedArtists(userId: string) {
  return useQuery(followedArtistsQueryOptions(userId));
}
