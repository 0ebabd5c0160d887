import type { UnsubscribeResult } from '#shared/schemas/email';
import { api } from '#client/lib/api';
import { useApiMutation } from '#client/lib/api-mutation';
import { refreshes } from '#client/lib/refreshes';

/** POST /api/unsubscribe/{token}: what a mail's unsubscribe link turns off, without a session. */
export function unsubscribe(token: string): Promise<UnsubscribeResult> {
  return api.post<UnsubscribeResult>(`/unsubscribe/${encodeURIComponent(token)}`);
}

/** The page shows the answer or the refusal itself: no toasts. */
export function useUnsubscribe() {
  return useApiMutation({
    send: unsubscribe,
    refreshes: () => refreshes.unsubscribed(),
  });
}
