import type { PushDevice } from '#shared/schemas/push';
import { api, serverMessage } from '#client/lib/api';
import { cachePatch, useApiMutation } from '#client/lib/api-mutation';
import { apiQuery } from '#client/lib/api-query';
import { FRESH_FOR_MS } from '#client/lib/query';
import { refreshes } from '#client/lib/refreshes';
import { settingsKeys } from './keys';

/** GET /api/push/subscriptions: the browsers that get one's push notifications, newest first. */
export const { options: pushDevicesQueryOptions, use: usePushDevices } = apiQuery<PushDevice[]>({
  key: settingsKeys.pushDevices,
  path: () => '/push/subscriptions',
  staleTime: FRESH_FOR_MS.own,
});

/** DELETE /api/push/subscriptions/{id}: that browser gets no more pushes; gone from the list at once. */
export function useRemovePushDevice() {
  return useApiMutation({
    send: (deviceId: string) => api.delete(`/push/subscriptions/${encodeURIComponent(deviceId)}`),
    optimistic: (deviceId) => [
      cachePatch<PushDevice[]>(settingsKeys.pushDevices(), (devices) =>
        devices.filter((device) => device.id !== deviceId),
      ),
    ],
    refreshes: () => refreshes.pushDeviceRemoved(),
    succeeded: () => ({ title: 'Device removed' }),
    failed: (error) => ({
      title: 'Error',
      description: serverMessage(error) ?? 'Failed to remove the device',
      variant: 'destructive',
    }),
  });
}
