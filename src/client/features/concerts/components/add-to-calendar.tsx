import { CalendarPlus } from 'lucide-react';
import { Button } from '#client/components/ui/button';
import { concertCalendarUrl } from '../api/concert-calendar';

/**
 * "Add to calendar" on an upcoming concert: a plain download of its .ics (the server names
 * the file), which the browser or the phone hands to the calendar app.
 */
export function AddToCalendarButton({ concertId }: { concertId: string }) {
  return (
    <Button asChild variant="outline">
      <a href={concertCalendarUrl(concertId)} download>
        <CalendarPlus aria-hidden="true" />
        Add to calendar
      </a>
    </Button>
  );
}
