import type { ConcertFriends } from '#shared/schemas/attendance';
import { apiQuery } from '#client/lib/api-query';
import { FRESH_FOR_MS } from '#client/lib/query';
import { concertKeys } from './keys';

/**
 * GET /api/concerts/{id}/friends: the people the viewer follows who marked the concert (the
 * latest 12) and how many they are. Signed in only.
 */
export const { options: concertFriendsQueryOptions, use: useConcertFriends } = apiQuery<
  ConcertFriends,
  [id: string]
>({
  key: concertKeys.friends,
  path: (id) => `/concerts/${encodeURIComponent(id)}/friends`,
  staleTime: FRESH_FOR_MS.shared,
});
