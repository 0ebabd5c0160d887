import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '#client/components/ui/use-toast';
import { api } from '#client/lib/api';
import { forgetPersonalData } from '#client/lib/personal-storage';
import { refresh, refreshes } from '#client/lib/refreshes';

/** DELETE /api/users/me: the account and everything that hangs off it. */
export async function deleteAccount(): Promise<void> {
  await api.delete('/users/me');
  forgetPersonalData();
}

/**
 * Deletes the signed-in account (docs/product.md §4 "Account deletion"). Where the browser goes
 * next differs by where it was asked from, so the caller says it in `onDeleted`.
 */
export function useDeleteAccount({ onDeleted }: { onDeleted: () => void }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAccount,
    onSuccess: () => {
      toast({ title: 'Account deleted', description: 'Your account and its data are gone.' });
      void refresh(queryClient, refreshes.accountDeleted());
      onDeleted();
    },
    onError: () => {
      toast({
        title: 'Failed to delete account',
        description: 'Delete failed',
        variant: 'destructive',
      });
    },
  });
}
