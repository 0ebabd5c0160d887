import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UserSettings, UserSettingsUpdate } from '#shared/schemas/users';
import { api } from '#client/lib/api';
import { refresh, refreshes } from '#client/lib/refreshes';
import { settingsKeys } from './keys';
import { mergeAtOnce, takeServerCopyWhenLast, toastUndone } from './merge-at-once';

/** PUT /api/users/me/settings: any subset of the settings. */
export function updateSettings(update: UserSettingsUpdate): Promise<UserSettings> {
  return api.put<UserSettings>('/users/me/settings', update);
}

/**
 * Saves what changed. The switch moves at once; if the server refuses, it moves back and a
 * toast says so. Once saved, what other features show of a setting (a private profile,
 * hidden history) is asked again; `onSaved` is told too.
 */
export function useUpdateSettings({
  onSaved,
}: {
  onSaved?: (update: UserSettingsUpdate) => void;
} = {}) {
  const queryClient = useQueryClient();
  const key = settingsKeys.mine();
  return useMutation({
    mutationKey: key,
    mutationFn: updateSettings,
    onMutate: (update) => mergeAtOnce<UserSettings>(queryClient, key, update),
    onError: (_error, update, context) => {
      // Undo only the fields of this change, so a later toggle that did save stays.
      const current = queryClient.getQueryData<UserSettings>(key);
      const previous = context?.previous;
      if (current && previous) {
        const undone = Object.fromEntries(
          Object.keys(update).map((field) => [field, previous[field as keyof UserSettings]]),
        );
        queryClient.setQueryData<UserSettings>(key, { ...current, ...undone });
      }
      toastUndone();
    },
    onSuccess: (_saved, update) => {
      void refresh(queryClient, refreshes.settingsSaved(update));
      onSaved?.(update);
    },
    onSettled: () => takeServerCopyWhenLast(queryClient, key),
  });
}
