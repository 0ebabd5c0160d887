import { useQueryClient } from '@tanstack/react-query';
import { api } from '#client/lib/api';
import { useApiMutation } from '#client/lib/api-mutation';
import { goToLogout, type AfterLogout } from '#client/config/auth-urls';
import { forgetPersonalData } from '#client/lib/personal-storage';
import { refreshes } from '#client/lib/refreshes';
import { authKeys } from './keys';

/**
 * POST /api/logout: ends the session, and forgets what this browser kept of the person. The
 * browser's push subscription ends; the push service then refuses the next push to it, and
 * the server lets the device go.
 */
export async function logout(): Promise<void> {
  await api.post('/logout');
  await forgetPersonalData({ server: false });
}

/**
 * The one way to sign out, whichever control asks: ends the session, forgets what this
 * browser kept of the person (their drafts), drops everything cached of them, then sends the
 * browser through GET /api/logout so the sign-in provider's session ends too
 * (docs/product.md §4 "Auth"); the browser lands where `then` says. If the session could not
 * be ended, nothing is forgotten and the person stays, told why.
 */
export function useLogout({ then = 'home' }: { then?: AfterLogout } = {}) {
  const queryClient = useQueryClient();
  return useApiMutation({
    send: logout,
    refreshes: () => refreshes.loggedOut(),
    succeeded: () => ({
      title: 'Logged out',
      description: 'You have been successfully logged out',
    }),
    failed: (error) => ({
      title: 'Logout failed',
      description: error.message || 'Failed to logout',
      variant: 'destructive',
    }),
    onSuccess: () => {
      queryClient.clear();
      queryClient.setQueryData(authKeys.currentUser, null);
      goToLogout(then);
    },
  });
}
