import type { UsernameCheck } from '#shared/schemas/users';
import { apiRequest, readJson } from '../../../lib/api';

/** GET /api/users/check-username/{username}: whether the name is free, and the server's wording. */
export async function checkUsername(
  username: string,
  signal?: AbortSignal,
): Promise<UsernameCheck> {
  const response = await apiRequest(
    'GET',
    `/api/users/check-username/${encodeURIComponent(username)}`,
    undefined,
    { signal },
  );
  return readJson<UsernameCheck>(response);
}
