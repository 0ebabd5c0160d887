import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { FollowState } from '#shared/schemas/users';
import { toast } from '../../../components/ui/use-toast';
import { apiRequest, readJson } from '../../../lib/api';
import { userKeys } from './keys';

/** POST (follow) or DELETE (unfollow) /api/users/{id}/follow. */
export async function setFollowing(userId: string, follow: boolean): Promise<FollowState> {
  const url = `/api/users/${encodeURIComponent(userId)}/follow`;
  return readJson<FollowState>(await apiRequest(follow ? 'POST' : 'DELETE', url));
}

/**
 * Follows or unfollows with spec §8's toasts. Afterwards every profile, people list and
 * search result is asked again (spec §4: search and following lists refresh), since each
 * shows who the viewer follows or how many follow someone.
 */
export function useFollowMutation(
  userId: string,
  callbacks: {
    onOptimistic: (follow: boolean) => void;
    onRollback: () => void;
    onDone: (state: FollowState) => void;
  },
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (follow: boolean) => setFollowing(userId, follow),
    onMutate: (follow) => callbacks.onOptimistic(follow),
    onSuccess: (state) => {
      toast({
        title: state.isFollowing ? 'User followed successfully' : 'User unfollowed successfully',
      });
      callbacks.onDone(state);
    },
    onError: (_error, follow) => {
      callbacks.onRollback();
      toast({
        title: 'Error',
        description: follow ? 'Failed to follow user' : 'Failed to unfollow user',
        variant: 'destructive',
      });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: userKeys.all }),
  });
}
