import { USER_LIST_DEFAULT } from '#shared/limits';
import type { BlockStateAnswer, UserSummary } from '#shared/schemas/users';
import { api, serverMessage } from '#client/lib/api';
import { useApiMutation } from '#client/lib/api-mutation';
import { apiPages } from '#client/lib/api-query';
import { FRESH_FOR_MS } from '#client/lib/query';
import { refreshes } from '#client/lib/refreshes';
import { userKeys } from './keys';

/** POST (block) or DELETE (unblock) /api/users/{id}/block. */
export function setBlocked(userId: string, block: boolean): Promise<BlockStateAnswer> {
  return api.toggle<BlockStateAnswer>(`/users/${encodeURIComponent(userId)}/block`, block);
}

/** Blocks or unblocks someone, with a toast either way. */
export function useBlockMutation(userId: string, name: string) {
  return useApiMutation({
    send: (block: boolean) => setBlocked(userId, block),
    refreshes: () => refreshes.blockChanged(),
    succeeded: (state) => ({ title: state.isBlocked ? `${name} blocked` : `${name} unblocked` }),
    failed: (error, block) => ({
      title: 'Error',
      description: serverMessage(error) ?? (block ? 'Failed to block' : 'Failed to unblock'),
      variant: 'destructive',
    }),
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
