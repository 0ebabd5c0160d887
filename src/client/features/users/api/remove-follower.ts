import type { FollowState } from '#shared/schemas/users';
import { api } from '#client/lib/api';
import { useApiMutation } from '#client/lib/api-mutation';
import { refreshes } from '#client/lib/refreshes';

/** DELETE /api/users/me/followers/{id}: this person no longer follows the viewer. */
export function removeFollower(followerId: string): Promise<FollowState> {
  return api.delete<FollowState>(`/users/me/followers/${encodeURIComponent(followerId)}`);
}

/** Remove follower, then profiles and people lists are asked again (their numbers moved). */
export function useRemoveFollower() {
  return useApiMutation({
    send: removeFollower,
    refreshes: () => refreshes.followerRemoved(),
    succeeded: () => ({ title: 'Follower removed' }),
    failed: () => ({
      title: 'Error',
      description: 'Failed to remove follower',
      variant: 'destructive',
    }),
    pendingUntilRefreshed: true,
  });
}
