/**
 * When a show starts, as a calendar needs it: its instant on the venue's clock, in the
 * venue's IANA zone (concerts.starts_at and concerts.time_zone).
 */
import { TZDate } from '@date-fns/tz';
import { isTimeZone, parseShowTime } from '#shared/show-time';

export type ShowStart =
  /** A time in a known zone: DTSTART;TZID=…. */
  | { kind: 'zoned'; start: TZDate; timeZone: string }
  /**
   * A time in a city whose zone we do not know: a floating time (the same wall-clock time
   * wherever the calendar is), better than guessing a zone and being hours off.
   */
  | { kind: 'floating'; start: Date }
  /** No time: an all-day event on the day. */
  | { kind: 'all-day'; start: Date };

/** How long a show is assumed to last when only its start is known. */
export const SHOW_HOURS = 3;

export interface CalendarStart {
  date: string;
  time: string | null;
  startsAt: string | null;
  timeZone: string | null;
}

/**
 * The event's start: zoned when the instant and the venue's zone are known; floating when
 * only the written time is (a zone we do not know); all day on the local date otherwise.
 */
export function showStart(concert: CalendarStart): ShowStart {
  const [year, month, day] = concert.date.split('-').map(Number) as [number, number, number];
  const timeZone = concert.timeZone && isTimeZone(concert.timeZone) ? concert.timeZone : null;
  if (concert.startsAt && timeZone) {
    return { kind: 'zoned', start: new TZDate(Date.parse(concert.startsAt), timeZone), timeZone };
  }
  const time = parseShowTime(concert.time);
  if (!time) return { kind: 'all-day', start: new Date(Date.UTC(year, month - 1, day)) };
  if (timeZone) {
    return {
      kind: 'zoned',
      start: new TZDate(year, month - 1, day, time.hours, time.minutes, 0, timeZone),
      timeZone,
    };
  }
  // ical-generator writes a floating time from the Date's UTC fields.
  return {
    kind: 'floating',
    start: new Date(Date.UTC(year, month - 1, day, time.hours, time.minutes)),
  };
}

/** "The Velvet Lanterns" → "the-velvet-lanterns": the artist part of a download's name. */
export function artistSlug(artist: string): string {
  const slug = artist
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
  return slug || 'concert';
}
