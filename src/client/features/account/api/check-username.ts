import type { UsernameCheck } from '#shared/schemas/users';
import { api } from '#client/lib/api';

/** GET /api/users/check-username/{username}: whether the name is free, and the server's wording. */
export function checkUsername(username: string, signal?: AbortSignal): Promise<UsernameCheck> {
  return api.get<UsernameCheck>(`/users/check-username/${encodeURIComponent(username)}`, {
    signal,
  });
}
