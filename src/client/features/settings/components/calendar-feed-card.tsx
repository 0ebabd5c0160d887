import { Copy, RefreshCw } from 'lucide-react';
import { useId } from 'react';
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
 * Settings › Calendar feed: the private address calendar apps subscribe to, with Copy
 * and Reset link (the old address then stops working), and whether followed artists'
 * shows in one's cities join the wishlist in it.
 */
export function CalendarFeedCard() {
  const feed = useCalendarFeed();
  const reset = useResetCalendarFeed();
  const update = useUpdateCalendarFeed();
  const inputId = useId();
  const hintId = useId();

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
      description="Subscribe in Google Calendar, Apple Calendar or Outlook to see the concerts on your wishlist. Changes show up when your calendar app next checks."
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
            <Button
              type="button"
              variant="outline"
              busy={reset.isPending}
              onClick={() => reset.mutate()}
            >
              <RefreshCw aria-hidden="true" />
              Reset link
            </Button>
          </div>
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
