import type { EmailVerificationState } from '#shared/schemas/email';
import { api } from '#client/lib/api';
import { cacheSet, useApiMutation } from '#client/lib/api-mutation';
import { apiQuery } from '#client/lib/api-query';
import { FRESH_FOR_MS } from '#client/lib/query';
import { refreshes } from '#client/lib/refreshes';
import { settingsKeys } from './keys';

const VERIFICATION_PATH = '/users/me/email-verification';

/** GET /api/users/me/email-verification: one's address and whether it is verified. */
export const { options: emailVerificationQueryOptions, use: useEmailVerification } =
  apiQuery<EmailVerificationState>({
    key: settingsKeys.emailVerification,
    path: () => VERIFICATION_PATH,
    staleTime: FRESH_FOR_MS.own,
  });

/** POST /api/users/me/email-verification ("Resend"): a new link, a few times an hour. */
export function resendEmailVerification(): Promise<EmailVerificationState> {
  return api.post<EmailVerificationState>(VERIFICATION_PATH);
}

export function useResendEmailVerification() {
  return useApiMutation({
    send: resendEmailVerification,
    refreshes: () => refreshes.emailVerificationResent(),
    answered: (state) => [
      cacheSet<EmailVerificationState>(settingsKeys.emailVerification(), state),
    ],
    succeeded: (state) => ({
      title: 'Link sent',
      description: `Open the link we sent to ${state.email ?? 'your address'} to verify it.`,
    }),
    failed: (error) => ({
      title: 'Failed to send the link',
      description: error.message,
      variant: 'destructive',
    }),
  });
}
