import { CalendarPlus, Copy, RefreshCw } from 'lucide-react';
import { useId, useState } from 'react';
import { ConfirmDialog } from '#client/components/layout/confirm-dialog';
import { Button } from '#client/components/ui/button';
import { Input } from '#client/components/ui/input';
import { toast } from '#client/components/ui/use-toast';
import {
  feedAddress,
  useCalendarFeed,
  useResetCalendarFeed,
  useUpdateCalendarFeed,
} from '../api/calendar-feed';
import { LoadedSettingsCard } from './settings-card';
import { SettingSwitch } from './setting-switch';

/**
 * Settings › Calendar feed: the private address calendar apps subscribe to, with Copy,
 * Subscribe (the same address as a webcal:// link, which opens the device's calendar app)
 * and Reset link (asked first: the old address then stops working), and whether followed
 * artists' shows in one's cities join the wishlist and the "Going" shows in it.
 */
export function CalendarFeedCard() {
  const feed = useCalendarFeed();
  const reset = useResetCalendarFeed();
  const update = useUpdateCalendarFeed();
  const inputId = useId();
  const hintId = useId();
  const [confirmingReset, setConfirmingReset] = useState(false);

  const copy = async (address: string) => {
    try {
      await navigator.clipboard.writeText(address);
      toast({ title: 'Feed link copied', description: 'Paste it into your calendar app.' });
    } catch {
      toast({
        title: 'Could not copy the link',
        description: 'Select the address and copy it yourself.',
        variant: 'destructive',
      });
    }
  };

  return (
    <LoadedSettingsCard
      title="Calendar feed"
      description="Subscribe in Google Calendar, Apple Calendar or Outlook to see the concerts on your wishlist and the shows you are going to. Changes show up when your calendar app next checks."
      query={feed}
      loadingLabel="Loading your calendar feed"
      placeholders={['h-9 w-full', 'h-9 w-48']}
      failure="Failed to load your calendar feed."
    >
      {(data) => (
        <>
          <label htmlFor={inputId} className="text-sm font-medium">
            Private feed address
          </label>
          <Input
            id={inputId}
            readOnly
            value={feedAddress(data)}
            aria-describedby={hintId}
            onFocus={(event) => event.currentTarget.select()}
            className="font-mono text-xs md:text-xs"
          />
          <p id={hintId} className="text-sm text-muted-foreground">
            Anyone with this link can see these concerts. Reset it if you shared it by mistake.
          </p>
          <div className="flex flex-wrap gap-3">
            <Button type="button" onClick={() => void copy(feedAddress(data))}>
              <Copy aria-hidden="true" />
              Copy
            </Button>
            <Button asChild variant="outline">
              <a href={webcalAddress(feedAddress(data))}>
                <CalendarPlus aria-hidden="true" />
                Subscribe
              </a>
            </Button>
            <Button
              type="button"
              variant="outline"
              busy={reset.isPending}
              onClick={() => setConfirmingReset(true)}
            >
              <RefreshCw aria-hidden="true" />
              Reset link
            </Button>
          </div>
          <ConfirmDialog
            open={confirmingReset}
            onOpenChange={setConfirmingReset}
            title="Reset your feed link?"
            description="The current link stops working at once: calendars subscribed to it stop updating until you subscribe to the new one."
            pending={reset.isPending}
            confirmLabel="Reset link"
            onConfirm={() =>
              reset.mutate(undefined, { onSettled: () => setConfirmingReset(false) })
            }
          />
          <SettingSwitch
            label="Followed artists' shows"
            description="Also list upcoming shows of the artists you follow in your cities."
            checked={data.includeFollowedArtists}
            onCheckedChange={(checked) => update.mutate({ includeFollowedArtists: checked })}
          />
        </>
      )}
    </LoadedSettingsCard>
  );
}

/** The feed's address with the webcal scheme, which calendar apps open as a subscription. */
const webcalAddress = (address: string) => address.replace(/^https?:/, 'webcal:');
