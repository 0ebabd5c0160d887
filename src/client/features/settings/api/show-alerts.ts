import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ShowAlertSettings, ShowAlertSettingsUpdate } from '#shared/schemas/calendar';
import { toast } from '../../../components/ui/use-toast';
import { apiRequest, getJson, readJson, serverMessage } from '../../../lib/api';
import { FRESH_FOR_MS } from '../../../lib/query';
import { settingsKeys } from './keys';

const ALERTS_URL = '/api/users/me/show-alerts';

export const showAlertsQueryOptions = queryOptions({
  queryKey: settingsKeys.showAlerts(),
  queryFn: getJson<ShowAlertSettings>(ALERTS_URL),
  staleTime: FRESH_FOR_MS.own,
});

export const useShowAlerts = () => useQuery(showAlertsQueryOptions);

export async function updateShowAlerts(
  update: ShowAlertSettingsUpdate,
): Promise<ShowAlertSettings> {
  return readJson<ShowAlertSettings>(await apiRequest('PUT', ALERTS_URL, update));
}

/** Saves the whole setting as it now reads; shown at once, put back if the server refuses. */
export function useUpdateShowAlerts() {
  const queryClient = useQueryClient();
  const key = settingsKeys.showAlerts();
  return useMutation({
    mutationKey: key,
    mutationFn: updateShowAlerts,
    onMutate: async (update) => {
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<ShowAlertSettings>(key);
      if (previous) {
        queryClient.setQueryData<ShowAlertSettings>(key, { ...previous, ...update });
      }
      return { previous };
    },
    onError: (error, _update, context) => {
      if (context?.previous) queryClient.setQueryData(key, context.previous);
      toast({
        title: 'Failed to save new-show alerts',
        description: serverMessage(error) ?? 'Your change was undone. Please try again.',
        variant: 'destructive',
      });
    },
    onSettled: () => {
      if (queryClient.isMutating({ mutationKey: key }) <= 1) {
        void queryClient.invalidateQueries({ queryKey: key });
      }
    },
  });
}
