import type { ArtistFollowState } from '#shared/schemas/catalogue';
import { apiRequest, readJson } from '../../../lib/api';
import { type ToggleCallbacks, useOptimisticToggle } from '../../../lib/optimistic-toggle';
import { catalogueKeys } from './catalogue-keys';

/** POST (follow) or DELETE (unfollow) /api/artists/{id}/follow. */
export async function setFollowingArtist(
  artistId: string,
  follow: boolean,
): Promise<ArtistFollowState> {
  const url = `/api/artists/${encodeURIComponent(artistId)}/follow`;
  return readJson<ArtistFollowState>(await apiRequest(follow ? 'POST' : 'DELETE', url));
}

/** Follows or unfollows an artist; afterwards the artist's page is asked for again. */
export function useFollowArtistMutation(
  artistId: string,
  callbacks: ToggleCallbacks<ArtistFollowState>,
) {
  return useOptimisticToggle((follow) => setFollowingArtist(artistId, follow), callbacks, {
    failed: (_error, follow) => ({
      title: 'Error',
      description: follow ? 'Failed to follow artist' : 'Failed to unfollow artist',
      variant: 'destructive',
    }),
    invalidates: [catalogueKeys.artist(artistId)],
  });
}
