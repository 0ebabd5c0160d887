import type { FollowState } from '#shared/schemas/users';
import { api } from '#client/lib/api';
import { useApiMutation } from '#client/lib/api-mutation';
import type { ToggleCallbacks } from '#client/lib/optimistic-toggle';
import { refreshes } from '#client/lib/refreshes';

/** POST (follow) or DELETE (unfollow) /api/users/{id}/follow. */
export function setFollowing(userId: string, follow: boolean): Promise<FollowState> {
  return api.toggle<FollowState>(`/users/${encodeURIComponent(userId)}/follow`, follow);
}

/**
 * Follows or unfollows with the toasts of docs/product.md §8. Afterwards profiles, people lists
 * and search results are asked again (docs/product.md §4: search and following lists refresh),
 * since each shows who the viewer follows or how many follow someone.
 */
export function useFollowMutation(userId: string, callbacks: ToggleCallbacks<FollowState>) {
  return useApiMutation({
    send: (follow: boolean) => setFollowing(userId, follow),
    refreshes: () => refreshes.userFollowed(),
    succeeded: (state) => ({
      title: state.requested
        ? 'Follow request sent'
        : state.isFollowing
          ? 'User followed successfully'
          : 'User unfollowed successfully',
    }),
    failed: (_error, follow) => ({
      title: 'Error',
      description: follow ? 'Failed to follow user' : 'Failed to unfollow user',
      variant: 'destructive',
    }),
    pendingUntilRefreshed: true,
    ...callbacks,
  });
}
