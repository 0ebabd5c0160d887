import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '../../../components/ui/use-toast';
import { apiRequest } from '../../../lib/api';
import { goToLogout } from '../../../config/auth-urls';
import { forgetPersonalData } from '../../../lib/personal-storage';
import { authKeys } from './keys';

/** Ends the session, and forgets what this browser kept of the person. */
export async function logout(): Promise<void> {
  await apiRequest('POST', '/api/logout');
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
