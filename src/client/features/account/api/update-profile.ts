import { useMutation } from '@tanstack/react-query';
import type { CurrentUser, ProfileUpdate } from '#shared/schemas/users';
import { apiRequest, readJson } from '../../../lib/api';
import { useAccount } from '../hooks/account-context';

/** PUT /api/users/me: absent fields stay, blank ones become null; 409 when the username is taken. */
export async function updateProfile(update: ProfileUpdate): Promise<CurrentUser> {
  return readJson<CurrentUser>(await apiRequest('PUT', '/api/users/me', update));
}

/**
 * Saves the profile. What shows the person elsewhere (the signed-in user, profiles, reviews)
 * belongs to other features: the layout that provides the account context refreshes them
 * through `onProfileChanged`.
 */
export function useUpdateProfile() {
  const { onProfileChanged } = useAccount();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: (user) => onProfileChanged(user),
  });
}
