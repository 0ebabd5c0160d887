import type { CurrentUser, ProfileUpdate } from '#shared/schemas/users';
import { api } from '#client/lib/api';
import { useApiMutation } from '#client/lib/api-mutation';
import { refreshes } from '#client/lib/refreshes';

/** PUT /api/users/me: absent fields stay, blank ones become null; 409 when the username is taken. */
export function updateProfile(update: ProfileUpdate): Promise<CurrentUser> {
  return api.put<CurrentUser>('/users/me', update);
}

/**
 * Saves the profile; then whatever shows the person (the header, profiles, reviews) is asked
 * again. Failures are the form's to show.
 */
export function useUpdateProfile() {
  return useApiMutation({ send: updateProfile, refreshes: () => refreshes.profileUpdated() });
}
