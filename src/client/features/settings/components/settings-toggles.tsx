import type { UserSettings, UserSettingsUpdate } from '#shared/schemas/users';
import { useTheme } from '#client/components/theme/theme-provider';
import { Skeleton } from '#client/components/ui/skeleton';
import { Button } from '#client/components/ui/button';
import { SettingsCard } from '#client/components/layout/settings-card';
import { useSettings } from '../api/get-settings';
import { useUpdateSettings } from '../api/update-settings';
import { PushHereSwitch } from './push-here-switch';
import { SettingSwitch } from './setting-switch';

type BooleanSetting = {
  [K in keyof UserSettings]: UserSettings[K] extends boolean ? K : never;
}[keyof UserSettings];

interface ToggleDefinition {
  field: BooleanSetting;
  label: string;
  description: string;
  /** The switch this one belongs under: shown indented, and off while that one is off. */
  under?: BooleanSetting;
}

/** "Push notifications" comes first: it is this device's (PushHereSwitch). */
const NOTIFICATION_CHANNELS: ToggleDefinition[] = [
  {
    field: 'emailNotifications',
    label: 'Email notifications',
    description: 'Updates about your account and activity by email.',
  },
  {
    field: 'dailyDigest',
    label: 'Daily digest',
    description:
      'One mail in the morning listing what you have not read yet; none when there is nothing new.',
    under: 'emailNotifications',
  },
  {
    field: 'upcomingConcertReminders',
    label: 'Concert alerts',
    description: 'Reminders before the concerts on your wishlist.',
  },
];

const NOTIFICATION_KINDS: ToggleDefinition[] = [
  {
    field: 'newFollowerNotif',
    label: 'New followers',
    description: 'When someone starts following you.',
  },
  { field: 'newLikeNotif', label: 'Likes', description: 'When someone likes one of your reviews.' },
  {
    field: 'newCommentNotif',
    label: 'Comments',
    description: 'When someone comments on one of your reviews.',
  },
  {
    field: 'newReviewNotif',
    label: 'Reviews by people you follow',
    description: 'When someone you follow posts a review.',
  },
  {
    field: 'friendsGoingNotif',
    label: 'Friends going',
    description: 'When someone you follow is going to a show you are going to.',
  },
];

const PRIVACY: ToggleDefinition[] = [
  {
    field: 'publicProfile',
    label: 'Public profile',
    description:
      'When off, your account is private: new followers ask first (you approve or decline them in Notifications), and only the people you approve see your reviews, history and follows. People who already follow you stay. Turning it back on accepts the requests waiting.',
  },
  {
    field: 'showConcertHistory',
    label: 'Show concert history',
    description:
      'When off, others do not see your History tab or how many concerts you have been to. Your reviews stay public unless your account is private.',
  },
];

/**
 * The Settings page's switches, each saved to the server as it is flipped (optimistic, undone
 * with a toast if the save fails). Dark mode also drives the app's theme at once.
 */
export function SettingsToggles({
  onSaved,
}: {
  /** After a save, for the page to refresh what other features show of it. */
  onSaved?: (update: UserSettingsUpdate) => void;
}) {
  const settings = useSettings();
  const { resolvedTheme, theme, setTheme } = useTheme();
  const update = useUpdateSettings({ onSaved });

  if (settings.isPending) return <SettingsSkeleton />;
  if (settings.isError) {
    return (
      <SettingsCard title="Preferences" description="Failed to load settings" contentClassName="">
        <Button variant="outline" onClick={() => void settings.refetch()}>
          Retry
        </Button>
      </SettingsCard>
    );
  }

  const values = settings.data;
  const toggles = (definitions: ToggleDefinition[]) =>
    definitions.map(({ field, label, description, under }) => (
      <div key={field} className={under ? 'pl-6' : undefined}>
        <SettingSwitch
          label={label}
          description={description}
          checked={values[field] && (under === undefined || values[under])}
          disabled={under !== undefined && !values[under]}
          onCheckedChange={(checked) => update.mutate({ [field]: checked })}
        />
      </div>
    ));

  return (
    <>
      <SettingsCard
        title="Notifications"
        description="How Encore keeps you in the loop."
        contentClassName="divide-y"
      >
        <PushHereSwitch />
        {toggles(NOTIFICATION_CHANNELS)}
        <h3 className="pt-4 pb-1 text-sm font-semibold text-muted-foreground">Notify me about</h3>
        {toggles(NOTIFICATION_KINDS)}
      </SettingsCard>

      <SettingsCard
        title="Appearance"
        description="How Encore looks on this and your other devices."
        contentClassName="divide-y"
      >
        <SettingSwitch
          label="Dark mode"
          description="Light text on a dark background, easier on the eyes after the show."
          checked={resolvedTheme === 'dark'}
          onCheckedChange={(checked) => {
            // The theme changes at once; a refused save puts back the one shown before.
            const shownBefore = theme;
            const next = checked ? 'dark' : 'light';
            setTheme(next);
            update.mutate({ theme: next }, { onError: () => setTheme(shownBefore) });
          }}
        />
      </SettingsCard>

      <SettingsCard
        title="Privacy"
        description="Who sees what of your profile."
        contentClassName="divide-y"
      >
        {toggles(PRIVACY)}
      </SettingsCard>
    </>
  );
}

function SettingsSkeleton() {
  return (
    <div aria-busy="true" className="grid gap-6">
      <span className="sr-only">Loading settings</span>
      {[0, 1, 2].map((card) => (
        <Skeleton key={card} className="h-48 w-full rounded-xl" />
      ))}
    </div>
  );
}
