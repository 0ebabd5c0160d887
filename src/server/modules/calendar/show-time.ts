/**
 * When a show starts, as a calendar needs it: the venue's wall-clock time in its city's
 * time zone. Concerts keep their time as people read it ("8:00 PM") and their city by
 * name, so both are read here.
 */
import { TZDate } from '@date-fns/tz';
import { CITIES, type CitySlug } from '#shared/limits';

/** The IANA zone of each of our cities. */
export const CITY_TIME_ZONES: Record<CitySlug, string> = {
  'los-angeles': 'America/Los_Angeles',
  'new-york': 'America/New_York',
  chicago: 'America/Chicago',
  austin: 'America/Chicago',
  seattle: 'America/Los_Angeles',
  denver: 'America/Denver',
};

/** The zone of a concert's city (its name as concerts store it), or null for any other city. */
export function timeZoneOfCity(city: string): string | null {
  const known = CITIES.find((c) => c.name.toLowerCase() === city.trim().toLowerCase());
  return known ? CITY_TIME_ZONES[known.slug] : null;
}

/** "8:00 PM", "8 pm", "20:00", "7:30pm" → hours and minutes; null when it is no time of day. */
export function parseShowTime(time: string | null): { hours: number; minutes: number } | null {
  // Trimmed first, and written so that no two runs of spaces can meet: a pattern whose runs
  // share out the same spaces tries every way of sharing them, cubic in a long run's length.
  const match = /^(\d{1,2})(?::(\d{2}))?(?::\d{2})?\s*(?:([ap])\.?\s*|\.\s*)?m?\.?$/i.exec(
    (time ?? '').trim(),
  );
  if (!match) return null;
  let hours = Number(match[1]);
  const minutes = Number(match[2] ?? 0);
  const half = match[3]?.toLowerCase();
  if (minutes > 59) return null;
  if (half) {
    if (hours < 1 || hours > 12) return null;
    hours = (hours % 12) + (half === 'p' ? 12 : 0);
  } else if (hours > 23 || match[2] === undefined) {
    // A bare number ("8") says neither minutes nor morning or evening.
    return null;
  }
  return { hours, minutes };
}

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

export function showStart(concert: { date: string; time: string | null; city: string }): ShowStart {
  const [year, month, day] = concert.date.split('-').map(Number) as [number, number, number];
  const time = parseShowTime(concert.time);
  if (!time) return { kind: 'all-day', start: new Date(Date.UTC(year, month - 1, day)) };
  const timeZone = timeZoneOfCity(concert.city);
  if (!timeZone) {
    // ical-generator writes a floating time from the Date's UTC fields.
    return {
      kind: 'floating',
      start: new Date(Date.UTC(year, month - 1, day, time.hours, time.minutes)),
    };
  }
  return {
    kind: 'zoned',
    start: new TZDate(year, month - 1, day, time.hours, time.minutes, 0, timeZone),
    timeZone,
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
