import { api } from '#client/lib/api';
import { useApiMutation } from '#client/lib/api-mutation';
import { forgetPersonalData } from '#client/lib/personal-storage';
import { refreshes } from '#client/lib/refreshes';

/** DELETE /api/users/me: the account and everything that hangs off it. */
export async function deleteAccount(): Promise<void> {
  await api.delete('/users/me');
  await forgetPersonalData({ server: false });
}

/**
 * Deletes the signed-in account (docs/product.md §4 "Account deletion"). Where the browser goes
 * next differs by where it was asked from, so the caller says it in `onDeleted`.
 */
export function useDeleteAccount({ onDeleted }: { onDeleted: () => void }) {
  return useApiMutation({
    send: deleteAccount,
    refreshes: () => refreshes.accountDeleted(),
    succeeded: () => ({
      title: 'Account deleted',
      description: 'Your account and its data are gone.',
    }),
    failed: () => ({
      title: 'Failed to delete account',
      description: 'Delete failed',
      variant: 'destructive',
    }),
    onSuccess: onDeleted,
  });
}
