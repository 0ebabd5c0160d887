import { useMutation, useQueryClient } from '@tanstack/react-query';
import { USER_LIST_DEFAULT } from '#shared/limits';
import type { BlockStateAnswer, UserSummary } from '#shared/schemas/users';
import { toast } from '#client/components/ui/use-toast';
import { api, serverMessage } from '#client/lib/api';
import { apiPages } from '#client/lib/api-query';
import { FRESH_FOR_MS } from '#client/lib/query';
import { refresh, refreshes } from '#client/lib/refreshes';
import { userKeys } from './keys';

/** POST (block) or DELETE (unblock) /api/users/{id}/block. */
export function setBlocked(userId: string, block: boolean): Promise<BlockStateAnswer> {
  return api.toggle<BlockStateAnswer>(`/users/${encodeURIComponent(userId)}/block`, block);
}

/** Blocks or unblocks someone, with a toast either way. */
export function useBlockMutation(userId: string, name: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (block: boolean) => setBlocked(userId, block),
    onSuccess: (state) => {
      toast({ title: state.isBlocked ? `${name} blocked` : `${name} unblocked` });
      void refresh(queryClient, refreshes.blockChanged());
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

/** GET /api/users/me/blocks: the people the viewer blocked, newest block first, a page at a time. */
export const { options: blockedAccountsQueryOptions, use: useBlockedAccounts } =
  apiPages<UserSummary>({
    key: userKeys.blocks,
    path: () => '/users/me/blocks',
    limit: USER_LIST_DEFAULT,
    staleTime: FRESH_FOR_MS.own,
  });
