import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { FollowState } from '#shared/schemas/users';
import { toast } from '#client/components/ui/use-toast';
import { api } from '#client/lib/api';
import { refresh, refreshes } from '#client/lib/refreshes';

/** DELETE /api/users/me/followers/{id}: this person no longer follows the viewer. */
export function removeFollower(followerId: string): Promise<FollowState> {
  return api.delete<FollowState>(`/users/me/followers/${encodeURIComponent(followerId)}`);
}

/** Remove follower, then profiles and people lists are asked again (their numbers moved). */
export function useRemoveFollower() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeFollower,
    onSuccess: () => toast({ title: 'Follower removed' }),
    onError: () =>
      toast({ title: 'Error', description: 'Failed to remove follower', variant: 'destructive' }),
    onSettled: () => refresh(queryClient, refreshes.followerRemoved()),
  });
}
