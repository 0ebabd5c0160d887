import type { UserSettings, UserSettingsUpdate } from '#shared/schemas/users';
import { api } from '#client/lib/api';
import { useApiMutation } from '#client/lib/api-mutation';
import { refreshes } from '#client/lib/refreshes';
import { settingsKeys } from './keys';
import { mergedAtOnce, undone } from './merge-at-once';

/** PUT /api/users/me/settings: any subset of the settings. */
export function updateSettings(update: UserSettingsUpdate): Promise<UserSettings> {
  return api.put<UserSettings>('/users/me/settings', update);
}

/**
 * Saves what changed. The switch moves at once; if the server refuses, it moves back and a
 * toast says so. Once the last of the switches pressed in turn is answered, the server's copy
 * of the settings, and what other features show of a setting (a private profile, hidden
 * history), are asked again; `onSaved` is told of each save.
 */
export function useUpdateSettings({
  onSaved,
}: {
  onSaved?: (update: UserSettingsUpdate) => void;
} = {}) {
  const key = settingsKeys.mine();
  return useApiMutation({
    key,
    send: updateSettings,
    refreshes: (update) => refreshes.settingsSaved(update),
    optimistic: (update) => [mergedAtOnce<UserSettings>(key, update)],
    failed: () => undone(),
    onSuccess: (_saved, update) => onSaved?.(update),
  });
}
