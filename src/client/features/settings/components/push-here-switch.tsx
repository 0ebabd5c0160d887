import { useQuery } from '@tanstack/react-query';
import { pushUnavailableHere, thisDeviceId } from '#client/lib/push-here';
import { pushDevicesQueryOptions } from '../api/push-devices';
import { useSetPushHere } from '../api/push-here';
import { SettingSwitch } from './setting-switch';

const DESCRIPTIONS = {
  available: 'Notifications on this device, even when Encore is closed.',
  unsupported: 'This browser cannot show notifications.',
  blocked: 'Notifications are blocked for Encore in this browser’s settings.',
};

/**
 * "Push notifications" for this device: on while this browser is one of "Your devices" and
 * may show notifications. Switching it on asks the browser's permission, then subscribes.
 */
export function PushHereSwitch() {
  const unavailable = pushUnavailableHere();
  const devices = useQuery({ ...pushDevicesQueryOptions(), enabled: !unavailable });
  const setPushHere = useSetPushHere();
  const id = thisDeviceId();
  const subscribed =
    !unavailable &&
    Notification.permission === 'granted' &&
    id !== null &&
    (devices.data?.some((device) => device.id === id) ?? false);
  return (
    <SettingSwitch
      label="Push notifications"
      description={DESCRIPTIONS[unavailable ?? 'available']}
      checked={setPushHere.isPending ? setPushHere.variables : subscribed}
      disabled={unavailable !== undefined || setPushHere.isPending || devices.isPending}
      onCheckedChange={(on) => setPushHere.mutate(on)}
    />
  );
}
