import { Copy, RefreshCw } from 'lucide-react';
import { useId } from 'react';
import { Button } from '../../../components/ui/button';
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '../../../components/ui/card';
import { Input } from '../../../components/ui/input';
import { Skeleton } from '../../../components/ui/skeleton';
import { toast } from '../../../components/ui/use-toast';
import {
  feedAddress,
  useCalendarFeed,
  useResetCalendarFeed,
  useUpdateCalendarFeed,
} from '../api/calendar-feed';
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
    <Card>
      <CardHeader>
        <CardTitle as="h2">Calendar feed</CardTitle>
        <CardDescription>
          Subscribe in Google Calendar, Apple Calendar or Outlook to see the concerts on your
          wishlist. Changes show up when your calendar app next checks.
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-3">
        {feed.isPending ? (
          <div aria-busy="true" className="grid gap-3">
            <span className="sr-only">Loading your calendar feed</span>
            <Skeleton className="h-9 w-full rounded-md" />
            <Skeleton className="h-9 w-48 rounded-md" />
          </div>
        ) : feed.isError ? (
          <div className="flex flex-col items-start gap-3">
            <p className="text-sm text-muted-foreground">Failed to load your calendar feed.</p>
            <Button variant="outline" onClick={() => void feed.refetch()}>
              Retry
            </Button>
          </div>
        ) : (
          <>
            <label htmlFor={inputId} className="text-sm font-medium">
              Private feed address
            </label>
            <Input
              id={inputId}
              readOnly
              value={feedAddress(feed.data)}
              aria-describedby={hintId}
              onFocus={(event) => event.currentTarget.select()}
              className="font-mono text-xs md:text-xs"
            />
            <p id={hintId} className="text-sm text-muted-foreground">
              Anyone with this link can see these concerts. Reset it if you shared it by mistake.
            </p>
            <div className="flex flex-wrap gap-3">
              <Button type="button" onClick={() => void copy(feedAddress(feed.data))}>
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
              checked={feed.data.includeFollowedArtists}
              onCheckedChange={(checked) => update.mutate({ includeFollowedArtists: checked })}
            />
          </>
        )}
      </CardContent>
    </Card>
  );
}
