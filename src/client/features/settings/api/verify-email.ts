import type { VerifyEmailBody } from '#shared/schemas/email';
import { api } from '#client/lib/api';
import { useApiMutation } from '#client/lib/api-mutation';
import { refreshes } from '#client/lib/refreshes';

/** POST /api/account/verify-email: the mailed link's token, without a session. */
export function verifyEmail(token: string): Promise<void> {
  return api.post<void>('/account/verify-email', { token } satisfies VerifyEmailBody);
}

/** The page shows the refusal itself: no toasts. */
export function useVerifyEmail() {
  return useApiMutation({
    send: verifyEmail,
    refreshes: () => refreshes.emailVerified(),
  });
}
