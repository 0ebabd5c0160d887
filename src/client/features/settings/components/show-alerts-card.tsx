import { useId } from 'react';
import { CITIES } from '#shared/limits';
import type { ShowAlertSettings } from '#shared/schemas/calendar';
import { Button } from '../../../components/ui/button';
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '../../../components/ui/card';
import { Skeleton } from '../../../components/ui/skeleton';
import { useShowAlerts, useUpdateShowAlerts } from '../api/show-alerts';
import { SettingSwitch } from './setting-switch';

/**
 * Settings › New show alerts: on or off, and the cities watched beside the profile's
 * location (which is always watched, so it shows checked and fixed).
 */
export function ShowAlertsCard() {
  const alerts = useShowAlerts();
  const update = useUpdateShowAlerts();

  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">New show alerts</CardTitle>
        <CardDescription>
          When an artist you follow announces a show in your city or a city you choose, you get one
          notification a day listing the new shows.
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-3">
        {alerts.isPending ? (
          <div aria-busy="true" className="grid gap-3">
            <span className="sr-only">Loading new show alerts</span>
            <Skeleton className="h-9 w-full rounded-md" />
            <Skeleton className="h-24 w-full rounded-md" />
          </div>
        ) : alerts.isError ? (
          <div className="flex flex-col items-start gap-3">
            <p className="text-sm text-muted-foreground">Failed to load new show alerts.</p>
            <Button variant="outline" onClick={() => void alerts.refetch()}>
              Retry
            </Button>
          </div>
        ) : (
          <AlertSettingsForm
            settings={alerts.data}
            onChange={(next) => update.mutate({ enabled: next.enabled, cities: next.cities })}
          />
        )}
      </CardContent>
    </Card>
  );
}

function AlertSettingsForm({
  settings,
  onChange,
}: {
  settings: ShowAlertSettings;
  onChange: (next: ShowAlertSettings) => void;
}) {
  const legendId = useId();
  const toggleCity = (slug: (typeof CITIES)[number]['slug'], on: boolean) => {
    const cities = on ? [...settings.cities, slug] : settings.cities.filter((c) => c !== slug);
    onChange({ ...settings, cities });
  };
  const profileCity = CITIES.find((c) => c.slug === settings.profileCity);
  return (
    <>
      <SettingSwitch
        label="New show alerts"
        description="Tell me when artists I follow announce shows."
        checked={settings.enabled}
        onCheckedChange={(enabled) => onChange({ ...settings, enabled })}
      />
      <fieldset disabled={!settings.enabled} aria-describedby={legendId} className="grid gap-2">
        <legend className="text-sm font-medium">Cities</legend>
        <p id={legendId} className="text-sm text-muted-foreground">
          {profileCity
            ? `${profileCity.name}, your profile's city, is always included.`
            : 'Add your city to your profile to include it, or choose cities here.'}
        </p>
        <div className="grid grid-cols-1 gap-2 sm:grid-cols-3">
          {CITIES.map((city) => {
            const fromProfile = city.slug === settings.profileCity;
            return (
              <label
                key={city.slug}
                className="flex min-h-9 items-center gap-2 rounded-md border px-3 py-2 text-sm has-[:disabled]:opacity-70"
              >
                <input
                  type="checkbox"
                  className="focus-ring size-4 accent-primary"
                  checked={fromProfile || settings.cities.includes(city.slug)}
                  disabled={fromProfile}
                  onChange={(event) => toggleCity(city.slug, event.currentTarget.checked)}
                />
                {city.name}
              </label>
            );
          })}
        </div>
      </fieldset>
    </>
  );
}
