/**
 * Concerts as iCalendar (RFC 5545) text, written by ical-generator (decision 0009): one
 * VEVENT per concert, its UID stable across downloads and feed reads, so a calendar app
 * that imports a show twice, or reads the feed again, updates the event instead of
 * adding another.
 */
import { TZDate } from '@date-fns/tz';
import ical, { ICalAlarmType, type ICalEventData } from 'ical-generator';
import type { concerts } from '#server/db/schema.ts';
import { SHOW_HOURS, showStart } from './show-time.ts';

/**
 * The columns of a concert's row an event is made of (a provider's concert has them too);
 * `startsAt` is ISO in UTC.
 */
export type CalendarConcert = Pick<
  typeof concerts.$inferSelect,
  'id' | 'artist' | 'venue' | 'city' | 'date' | 'time' | 'ticketUrl' | 'updatedAt'
> & { startsAt: string | null; timeZone: string | null };

const HOUR_MS = 60 * 60 * 1000;

/** A display alarm this many hours before the start of each of these concerts. */
export interface ShowAlarms {
  hours: number;
  concertIds: ReadonlySet<string>;
}

function eventOf(concert: CalendarConcert, origin: string, alarms?: ShowAlarms): ICalEventData {
  const start = showStart(concert);
  const base: ICalEventData = {
    id: `concert-${concert.id}@encore`,
    summary: concert.artist,
    location: `${concert.venue}, ${concert.city}`,
    url: `${origin}/concerts/${encodeURIComponent(concert.id)}`,
    description: concert.ticketUrl ? `Tickets: ${concert.ticketUrl}` : null,
    // DTSTAMP: when the event last changed, so a calendar knows which copy is newer.
    stamp: concert.updatedAt,
    start: start.start,
  };
  switch (start.kind) {
    case 'all-day':
      return { ...base, allDay: true };
    case 'floating':
      return {
        ...base,
        floating: true,
        end: new Date(start.start.getTime() + SHOW_HOURS * HOUR_MS),
      };
    case 'zoned':
      return {
        ...base,
        timezone: start.timeZone,
        end: new TZDate(start.start.getTime() + SHOW_HOURS * HOUR_MS, start.timeZone),
        // Only a show with a real start instant: a time read from the written one may be off.
        ...(alarms && concert.startsAt && alarms.concertIds.has(concert.id)
          ? {
              alarms: [
                {
                  type: ICalAlarmType.display,
                  triggerBefore: alarms.hours * 60 * 60,
                  description: `${concert.artist} at ${concert.venue}`,
                },
              ],
            }
          : {}),
      };
  }
}

/**
 * A calendar of the concerts; `name` is what a calendar app calls a subscribed feed. With
 * `alarms`, the listed concerts with a start instant get a display alarm (VALARM) before it.
 */
export function concertsCalendar(
  concerts: CalendarConcert[],
  options: { name: string; origin: string; alarms?: ShowAlarms },
): string {
  const calendar = ical({
    name: options.name,
    prodId: { company: 'Encore', product: 'Encore', language: 'EN' },
  });
  for (const concert of concerts) {
    calendar.createEvent(eventOf(concert, options.origin, options.alarms));
  }
  return calendar.toString();
}
