import { BellOff, Smartphone } from 'lucide-react';
import type { PushDevice } from '#shared/schemas/push';
import { ListState } from '#client/components/layout/list-state';
import { SettingsCard } from '#client/components/layout/settings-card';
import { Button } from '#client/components/ui/button';
import { Skeleton } from '#client/components/ui/skeleton';
import { focusElement, rememberFocusPlace } from '#client/lib/focus-return';
import { formatPostedDate } from '#client/lib/format';
import { usePushDevices, useRemovePushDevice } from '../api/push-devices';

/** A device as the list names it: its browser and system, when the server could tell. */
export const deviceName = (device: PushDevice) => device.deviceLabel ?? 'A browser';

/**
 * Settings' "Your devices": the browsers that get one's push notifications, each with Remove,
 * after which focus moves to the card's heading.
 */
export function PushDevicesCard() {
  const devices = usePushDevices();
  const remove = useRemovePushDevice();
  return (
    <SettingsCard
      title="Your devices"
      description="The browsers that get your push notifications. Remove one you no longer use."
      contentClassName=""
    >
      <ListState
        query={devices}
        items={devices.data}
        loading={<Skeleton className="h-14 w-full rounded-xl" aria-hidden="true" />}
        error={{ title: 'Failed to load your devices' }}
        empty={
          <p className="flex items-center gap-2 text-sm text-muted-foreground">
            <BellOff className="size-4" aria-hidden="true" />
            No device gets push notifications yet.
          </p>
        }
      >
        {(shown) => (
          <ul aria-label="Your devices" className="flex flex-col gap-3">
            {shown.map((device) => (
              <li
                key={device.id}
                className="flex items-center justify-between gap-3 rounded-xl border p-3"
              >
                <div className="flex min-w-0 items-center gap-3">
                  <Smartphone
                    className="size-5 shrink-0 text-muted-foreground"
                    aria-hidden="true"
                  />
                  <div className="min-w-0">
                    <p className="truncate font-medium">{deviceName(device)}</p>
                    <p className="text-sm text-muted-foreground">
                      Added {formatPostedDate(device.createdAt)}
                    </p>
                  </div>
                </div>
                <Button
                  variant="outline"
                  size="sm"
                  aria-label={`Remove ${deviceName(device)}`}
                  disabled={remove.isPending && remove.variables === device.id}
                  onClick={(event) => {
                    // The device leaves the list at once: focus goes to the list's heading,
                    // as after Unblock.
                    const heading = rememberFocusPlace(event.currentTarget)?.heading;
                    remove.mutate(device.id);
                    if (heading) focusElement(heading);
                  }}
                >
                  Remove
                </Button>
              </li>
            ))}
          </ul>
        )}
      </ListState>
    </SettingsCard>
  );
}
