import { Building2, CalendarDays, Clock, History, MapPin, Tag } from 'lucide-react';
import type { ConcertDetail } from '#shared/schemas/concerts';
import { Badge } from '#client/components/ui/badge';
import { Card, CardContent, CardHeader, CardTitle } from '#client/components/ui/card';
import { venuePath } from '#client/config/paths';
import { formatLongDate, priceLabel } from '../lib/concert-format';
import { IconDetail } from './icon-detail';
import { NameLink } from './name-link';
import { OnSale } from './on-sale';
import { ShowStart } from './show-start';
import { TicketAction } from './ticket-action';

/** Venue, city, date, time and price, with the ticket (or setlist) link. */
export function EventDetailsCard({
  concert,
  historical,
}: {
  concert: ConcertDetail;
  historical: boolean;
}) {
  return (
    <Card className="gap-4">
      <CardHeader className="flex-row items-center justify-between gap-2">
        <CardTitle as="h2" className="text-lg">
          Event Details
        </CardTitle>
        {historical && (
          <Badge variant="outline" className="gap-1">
            <History aria-hidden="true" />
            Historical
          </Badge>
        )}
      </CardHeader>
      <CardContent className="flex flex-col gap-5">
        <dl className="grid gap-4 text-sm">
          <IconDetail icon={Building2} term="Venue">
            <NameLink
              name={concert.venue}
              href={concert.venueId && venuePath(concert.venueId)}
              className="hover:text-primary"
            />
          </IconDetail>
          <IconDetail icon={MapPin} term="City">
            {concert.city}
          </IconDetail>
          <IconDetail icon={CalendarDays} term="Date">
            <time dateTime={concert.date.slice(0, 10)}>{formatLongDate(concert.date)}</time>
          </IconDetail>
          <IconDetail icon={Clock} term="Time">
            <ShowStart concert={concert} />
          </IconDetail>
          <IconDetail icon={Tag} term="Price">
            {priceLabel(concert.price)}
          </IconDetail>
        </dl>
        {!historical && <OnSale concert={concert} className="font-medium" />}
        <TicketAction
          historical={historical}
          ticketUrl={concert.ticketUrl}
          setlistUrl={concert.setlistUrl}
          ticketLabel="Buy Tickets"
          size="default"
          className="w-full"
        />
      </CardContent>
    </Card>
  );
}
