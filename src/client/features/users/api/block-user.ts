import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { USER_LIST_DEFAULT } from '#shared/limits';
import type { BlockStateAnswer, UserSummary } from '#shared/schemas/users';
import { toast } from '../../../components/ui/use-toast';
import { apiRequest, readJson, serverMessage } from '../../../lib/api';
import { getPage, pageSearch, pagesBeforeLastId } from '../../../lib/pages';
import { FRESH_FOR_MS } from '../../../lib/query';
import { userKeys } from './keys';

/** POST (block) or DELETE (unblock) /api/users/{id}/block. */
export async function setBlocked(userId: string, block: boolean): Promise<BlockStateAnswer> {
  const url = `/api/users/${encodeURIComponent(userId)}/block`;
  return readJson<BlockStateAnswer>(await apiRequest(block ? 'POST' : 'DELETE', url));
}

/**
 * Blocks or unblocks someone, with a toast either way. A block changes what nearly every
 * list shows (reviews, comments, notices, people), so everything cached is asked again.
 */
export function useBlockMutation(userId: string, name: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (block: boolean) => setBlocked(userId, block),
    onSuccess: (state) => {
      toast({ title: state.isBlocked ? `${name} blocked` : `${name} unblocked` });
      void queryClient.invalidateQueries();
    },
    onError: (error, block) => {
      toast({
        title: 'Error',
        description: serverMessage(error) ?? (block ? 'Failed to block' : 'Failed to unblock'),
        variant: 'destructive',
      });
    },
  });
}

/** GET /api/users/me/blocks: the people the viewer blocked, newest block first. */
export function useBlockedAccounts() {
  return useInfiniteQuery({
    queryKey: userKeys.blocks(),
    queryFn: ({ pageParam, signal }) =>
      getPage<UserSummary>(
        '/api/users/me/blocks',
        pageSearch(USER_LIST_DEFAULT, pageParam),
        signal,
      ),
    ...pagesBeforeLastId(USER_LIST_DEFAULT),
    staleTime: FRESH_FOR_MS.own,
  });
}
