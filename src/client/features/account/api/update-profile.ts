import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CurrentUser, ProfileUpdate } from '#shared/schemas/users';
import { api } from '#client/lib/api';
import { refresh, refreshes } from '#client/lib/refreshes';

/** PUT /api/users/me: absent fields stay, blank ones become null; 409 when the username is taken. */
export function updateProfile(update: ProfileUpdate): Promise<CurrentUser> {
  return api.put<CurrentUser>('/users/me', update);
}

/** Saves the profile; then whatever shows the person (the header, profiles, reviews) is asked again. */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: () => void refresh(queryClient, refreshes.profileUpdated()),
  });
}
