import type { ArtistFollowState } from '#shared/schemas/catalogue';
import { api } from '#client/lib/api';
import { useApiMutation } from '#client/lib/api-mutation';
import type { ToggleCallbacks } from '#client/lib/optimistic-toggle';
import { refreshes } from '#client/lib/refreshes';

/** POST (follow) or DELETE (unfollow) /api/artists/{id}/follow. */
export function setFollowingArtist(artistId: string, follow: boolean): Promise<ArtistFollowState> {
  return api.toggle<ArtistFollowState>(`/artists/${encodeURIComponent(artistId)}/follow`, follow);
}

/** Follows or unfollows an artist; afterwards the artist's page is asked for again. */
export function useFollowArtistMutation(
  artistId: string,
  callbacks: ToggleCallbacks<ArtistFollowState>,
) {
  return useApiMutation({
    send: (follow: boolean) => setFollowingArtist(artistId, follow),
    refreshes: () => refreshes.artistFollowed(artistId),
    failed: (_error, follow) => ({
      title: 'Error',
      description: follow ? 'Failed to follow artist' : 'Failed to unfollow artist',
      variant: 'destructive',
    }),
    pendingUntilRefreshed: true,
    ...callbacks,
  });
}
