import type { ConcertListItem } from '#shared/schemas/concerts';
import { concertStartTime } from '../lib/concert-format';

/**
 * A show's start on the venue's clock ("8:00 PM", or "8:00 PM CST" to a viewer elsewhere),
 * as a <time> of its instant when it is known.
 */
export function ShowStart({
  concert,
}: {
  concert: Pick<ConcertListItem, 'time' | 'startsAt' | 'timeZone'>;
}) {
  const text = concertStartTime(concert);
  return concert.startsAt ? <time dateTime={concert.startsAt}>{text}</time> : <>{text}</>;
}
