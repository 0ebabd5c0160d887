import type { ArtistFollowState } from '#shared/schemas/catalogue';
import type { FollowState } from '#shared/schemas/users';
import { api } from '#client/lib/api';
import { useApiMutation } from '#client/lib/api-mutation';
import { refreshes } from '#client/lib/refreshes';

/**
 * POST (follow) or DELETE (unfollow) /api/artists/{id}/follow from the wizard's Follow step;
 * afterwards the artist's page is asked for again.
 */
export function useFollowSuggestedArtist(artistId: string) {
  return useApiMutation({
    send: (follow: boolean) =>
      api.toggle<ArtistFollowState>(`/artists/${encodeURIComponent(artistId)}/follow`, follow),
    refreshes: () => refreshes.artistFollowed(artistId),
    failed: (_error, follow) => ({
      title: 'Error',
      description: follow ? 'Failed to follow artist' : 'Failed to unfollow artist',
      variant: 'destructive',
    }),
  });
}

/**
 * POST (follow) or DELETE (unfollow) /api/users/{id}/follow from the wizard's Follow step;
 * afterwards profiles, people lists and Following are asked for again.
 */
export function useFollowSuggestedPerson(userId: string) {
  return useApiMutation({
    send: (follow: boolean) =>
      api.toggle<FollowState>(`/users/${encodeURIComponent(userId)}/follow`, follow),
    refreshes: () => refreshes.userFollowed(),
    failed: (_error, follow) => ({
      title: 'Error',
      description: follow ? 'Failed to follow user' : 'Failed to unfollow user',
      variant: 'destructive',
    }),
  });
}
