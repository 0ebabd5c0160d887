import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ShowAlertSettings, ShowAlertSettingsUpdate } from '#shared/schemas/calendar';
import { api, serverMessage } from '#client/lib/api';
import { apiQuery } from '#client/lib/api-query';
import { FRESH_FOR_MS } from '#client/lib/query';
import { refresh, refreshes } from '#client/lib/refreshes';
import { settingsKeys } from './keys';
import { mergeAtOnce, takeServerCopyWhenLast, toastUndone } from './merge-at-once';

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
  const queryClient = useQueryClient();
  const key = settingsKeys.showAlerts();
  return useMutation({
    mutationKey: key,
    mutationFn: updateShowAlerts,
    onMutate: (update) => mergeAtOnce<ShowAlertSettings>(queryClient, key, update),
    onError: (error, _update, context) => {
      if (context?.previous) queryClient.setQueryData(key, context.previous);
      toastUndone('Failed to save new-show alerts', serverMessage(error));
    },
    onSuccess: () => void refresh(queryClient, refreshes.showAlertsSaved()),
    onSettled: () => takeServerCopyWhenLast(queryClient, key),
  });
}
