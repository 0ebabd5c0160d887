import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { FollowState } from '#shared/schemas/users';
import { toast } from '../../../components/ui/use-toast';
import { apiRequest, readJson } from '../../../lib/api';
import { userKeys } from './keys';

/** DELETE /api/users/me/followers/{id}: this person no longer follows the viewer. */
export async function removeFollower(followerId: string): Promise<FollowState> {
  const url = `/api/users/me/followers/${encodeURIComponent(followerId)}`;
  return readJson<FollowState>(await apiRequest('DELETE', url));
}

/** Remove follower, then every people list and profile is asked again (their numbers moved). */
export function useRemoveFollower() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeFollower,
    onSuccess: () => toast({ title: 'Follower removed' }),
    onError: () =>
      toast({ title: 'Error', description: 'Failed to remove follower', variant: 'destructive' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: userKeys.all }),
  });
}
