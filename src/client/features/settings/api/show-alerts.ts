import type { ShowAlertSettings, ShowAlertSettingsUpdate } from '#shared/schemas/calendar';
import { api, serverMessage } from '#client/lib/api';
import { useApiMutation } from '#client/lib/api-mutation';
import { apiQuery } from '#client/lib/api-query';
import { FRESH_FOR_MS } from '#client/lib/query';
import { refreshes } from '#client/lib/refreshes';
import { settingsKeys } from './keys';
import { mergedAtOnce, undone } from './merge-at-once';

const ALERTS_PATH = '/users/me/show-alerts';

/** GET /api/users/me/show-alerts: whether and where new shows of followed artists are told. */
export const { options: showAlertsQueryOptions, use: useShowAlerts } = apiQuery<ShowAlertSettings>({
  key: settingsKeys.showAlerts,
  path: () => ALERTS_PATH,
  staleTime: FRESH_FOR_MS.own,
});

/** PUT /api/users/me/show-alerts. */
export function updateShowAlerts(update: ShowAlertSettingsUpdate): Promise<ShowAlertSettings> {
  return api.put<ShowAlertSettings>(ALERTS_PATH, update);
}

/** Saves the whole setting as it now reads; shown at once, put back if the server refuses. */
export function useUpdateShowAlerts() {
  const key = settingsKeys.showAlerts();
  return useApiMutation({
    key,
    send: updateShowAlerts,
    refreshes: () => refreshes.showAlertsSaved(),
    optimistic: (update) => [mergedAtOnce<ShowAlertSettings>(key, update)],
    failed: (error) => undone('Failed to save new-show alerts', serverMessage(error)),
  });
}
