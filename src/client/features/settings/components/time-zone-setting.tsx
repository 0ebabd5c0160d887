import { useId, useMemo } from 'react';
import { localTimeZone, timeZoneNames } from '#shared/show-time';
import { SettingsCard } from '#client/components/layout/settings-card';
import { Button } from '#client/components/ui/button';
import { Label } from '#client/components/ui/label';
import { Skeleton } from '#client/components/ui/skeleton';
import { useSettings } from '../api/get-settings';
import { useUpdateSettings } from '../api/update-settings';

/** "America/Argentina/Buenos_Aires" → "America/Argentina/Buenos Aires". */
const zoneLabel = (zone: string) => zone.replaceAll('_', ' ');

/**
 * "Time zone": the person's clock for their "today", digests and quiet hours. Until one is
 * saved it shows the browser's, with a button to keep it; choosing another saves it at once.
 */
export function TimeZoneSetting() {
  const id = useId();
  const settings = useSettings();
  const update = useUpdateSettings();
  const browserZone = useMemo(() => localTimeZone(), []);
  const saved = settings.data?.timeZone ?? null;
  const shown = saved ?? browserZone;
  const zones = useMemo(() => {
    const names = timeZoneNames();
    // A saved or browser zone the list leaves out (an alias such as "UTC") is still offered.
    return names.includes(shown) ? names : [shown, ...names];
  }, [shown]);

  const description =
    'Your “today”, the daily digest and quiet hours follow this clock. Show times are always on the venue’s clock.';
  if (settings.isPending) {
    return (
      <SettingsCard title="Time zone" description={description}>
        <Skeleton className="h-9 w-full" />
      </SettingsCard>
    );
  }
  if (settings.isError) {
    return (
      <SettingsCard title="Time zone" description="Failed to load settings">
        <Button variant="outline" className="self-start" onClick={() => void settings.refetch()}>
          Retry
        </Button>
      </SettingsCard>
    );
  }

  return (
    <SettingsCard title="Time zone" description={description}>
      <Label htmlFor={`${id}-zone`}>Time zone</Label>
      <select
        id={`${id}-zone`}
        value={shown}
        aria-describedby={saved ? undefined : `${id}-unsaved`}
        onChange={(event) => update.mutate({ timeZone: event.target.value })}
        className="focus-ring h-9 w-full rounded-md border border-input bg-transparent px-3 text-sm shadow-xs dark:bg-input/30"
      >
        {zones.map((zone) => (
          <option key={zone} value={zone}>
            {zoneLabel(zone)}
          </option>
        ))}
      </select>
      {!saved && (
        <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
          <p id={`${id}-unsaved`} className="text-sm text-muted-foreground">
            This is your browser’s time zone. Until you save one, Encore counts days in UTC.
          </p>
          <Button
            variant="outline"
            className="self-start sm:self-auto"
            disabled={update.isPending}
            onClick={() => update.mutate({ timeZone: shown })}
          >
            Save time zone
          </Button>
        </div>
      )}
    </SettingsCard>
  );
}
