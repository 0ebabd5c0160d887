import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '#client/components/ui/use-toast';
import { api } from '#client/lib/api';
import { goToLogout } from '#client/config/auth-urls';
import { forgetPersonalData } from '#client/lib/personal-storage';
import { refresh, refreshes } from '#client/lib/refreshes';
import { authKeys } from './keys';

/** POST /api/logout: ends the session, and forgets what this browser kept of the person. */
export async function logout(): Promise<void> {
  await api.post('/logout');
  forgetPersonalData();
}

/**
 * Ends the session, then sends the browser through GET /api/logout so the sign-in provider's
 * session ends too (docs/product.md §4 "Auth").
 */
export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: logout,
    onSuccess: () => {
      queryClient.setQueryData(authKeys.currentUser, null);
      void refresh(queryClient, refreshes.loggedOut());
      toast({ title: 'Logged out', description: 'You have been successfully logged out' });
      goToLogout();
    },
    onError: (error) => {
      toast({
        title: 'Logout failed',
        description: error.message || 'Failed to logout',
        variant: 'destructive',
      });
    },
  });
}
