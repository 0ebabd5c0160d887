import { useId } from 'react';
import { CITIES } from '#shared/limits';
import type { ShowAlertSettings } from '#shared/schemas/calendar';
import { useShowAlerts, useUpdateShowAlerts } from '../api/show-alerts';
import { LoadedSettingsCard } from './settings-card';
import { SettingSwitch } from './setting-switch';

/**
 * Settings › New show alerts: on or off, and the cities watched beside the profile's
 * location (which is always watched, so it shows checked and fixed).
 */
export function ShowAlertsCard() {
  const alerts = useShowAlerts();
  const update = useUpdateShowAlerts();

  return (
    <LoadedSettingsCard
      title="New show alerts"
      description="When an artist you follow announces a show in your city or a city you choose, you get one notification a day listing the new shows."
      query={alerts}
      loadingLabel="Loading new show alerts"
      placeholders={['h-9 w-full', 'h-24 w-full']}
      failure="Failed to load new show alerts."
    >
      {(settings) => (
        <AlertSettingsForm
          settings={settings}
          onChange={(next) => update.mutate({ enabled: next.enabled, cities: next.cities })}
        />
      )}
    </LoadedSettingsCard>
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
