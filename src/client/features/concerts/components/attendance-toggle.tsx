import type { QueryKey } from '@tanstack/react-query';
import { CalendarCheck, Ticket } from 'lucide-react';
import { useId } from 'react';
import type { AttendanceStatus } from '#shared/schemas/attendance';
import type { ConcertDetail } from '#shared/schemas/concerts';
import { Button } from '#client/components/ui/button';
import { toast } from '#client/components/ui/use-toast';
import { useSetAttendance } from '../api/set-attendance';
import { isHistorical } from '../lib/concert-format';

/** Why a reviewed show's "I was there" cannot be unmarked. */
export const REVIEWED_HINT = 'You reviewed this show';

/**
 * "Going" (a concert still to come) or "I was there" (a past one), on the concert page and
 * on concert cards: a toggle button, pressed while the viewer has that mark. A show the
 * viewer reviewed is marked by the review and stays so: pressed, unavailable, and it says
 * why. A card passes `marksKey`, the key of its page's marks, to show a change at once.
 */
export function AttendanceToggle({
  concert,
  marksKey,
  size,
}: {
  concert: Pick<ConcertDetail, 'id' | 'date' | 'viewerAttendance' | 'viewerReviewId'>;
  marksKey?: QueryKey;
  size?: 'sm';
}) {
  const hintId = useId();
  const { mutate, isPending } = useSetAttendance(concert.id, marksKey);
  const historical = isHistorical(concert.date);
  const status: AttendanceStatus = historical ? 'attended' : 'going';
  const locked = historical && concert.viewerReviewId !== null;
  const pressed = locked || concert.viewerAttendance === status;
  const Icon = historical ? Ticket : CalendarCheck;

  const press = () => {
    if (locked) {
      toast({ title: REVIEWED_HINT, description: '"I was there" stays while your review does.' });
      return;
    }
    mutate(pressed ? null : status);
  };

  return (
    <>
      <Button
        type="button"
        variant={pressed ? 'secondary' : 'outline'}
        size={size}
        aria-pressed={pressed}
        aria-disabled={locked || undefined}
        aria-describedby={locked ? hintId : undefined}
        title={locked ? REVIEWED_HINT : undefined}
        busy={isPending}
        onClick={press}
      >
        <Icon aria-hidden="true" />
        {historical ? 'I was there' : 'Going'}
      </Button>
      {locked && (
        <span id={hintId} className="sr-only">
          {REVIEWED_HINT}
        </span>
      )}
    </>
  );
}
