import { PushNotAllowed, turnOffPushHere, turnOnPushHere } from '#client/lib/push-here';
import { useApiMutation } from '#client/lib/api-mutation';
import { refreshes } from '#client/lib/refreshes';
import { updateSettings } from './update-settings';

/**
 * "Push notifications" switched on or off on this device. The account's switch of all
 * pushes goes on with the first device that wants them.
 */
export function useSetPushHere() {
  return useApiMutation({
    send: async (on: boolean) => {
      if (!on) return turnOffPushHere();
      await turnOnPushHere();
      await updateSettings({ pushNotifications: true });
    },
    refreshes: () => refreshes.pushHereChanged(),
    failed: (error) => ({
      title: 'Push notifications',
      description:
        error instanceof PushNotAllowed
          ? error.message
          : 'Failed to change push notifications on this device',
      variant: 'destructive',
    }),
  });
}
