/**
 * A show's start as people read it: the instant (`startsAt`, ISO, UTC) shown on the
 * venue's clock, with the zone's short name when the reader's clock differs ("8:00 PM
 * CST"). Also the rules both sides share: which IANA zone names are real, how a time
 * written by people ("8:00 PM") reads, and the instant a local date and time make.
 */
import { TZDate } from '@date-fns/tz';

/** The longest IANA zone name we keep ("America/Argentina/ComodRivadavia" is 32). */
export const TIME_ZONE_MAX = 64;

let zoneList: readonly string[] | undefined;
let zoneSet: ReadonlySet<string> | undefined;

/** Every IANA zone this runtime knows, sorted (the Settings select's choices). */
export function timeZoneNames(): readonly string[] {
  zoneList ??= Intl.supportedValuesOf('timeZone');
  return zoneList;
}

/**
 * Whether `zone` is an IANA zone name this runtime knows: a listed one, or an alias the
 * list leaves out ("UTC", "Asia/Calcutta") that Intl accepts. Offsets ("+01:00") are not
 * zones a place is in.
 */
export function isTimeZone(zone: string): boolean {
  if (!zone || zone.length > TIME_ZONE_MAX || !/^[a-z][\w+\-/]*$/i.test(zone)) {
    return false;
  }
  zoneSet ??= new Set(timeZoneNames());
  if (zoneSet.has(zone)) return true;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** The zone the browser (or server) runs in, or UTC when it says none. */
export function localTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

/** "8:00 PM", "8 pm", "20:00", "7:30pm" → hours and minutes; null when it is no time of day. */
export function parseShowTime(time: string | null): { hours: number; minutes: number } | null {
  // Trimmed first, and written so that no two runs of spaces can meet: a pattern whose runs
  // share out the same spaces tries every way of sharing them, cubic in a long run's length.
  // Migration 0044 reads the times of its day with the same pattern, in SQL.
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

/**
 * The instant of `time` ("8:00 PM") on `date` (yyyy-MM-dd) on the clocks of `timeZone`, as
 * ISO in UTC; null when the time does not read or the zone is unknown. A wall-clock time a
 * spring change skips (2:30 AM) is taken as the hour after.
 */
export function zonedStart(
  date: string,
  time: string | null,
  timeZone: string | null,
): string | null {
  const parsed = parseShowTime(time);
  if (!parsed || !timeZone || !isTimeZone(timeZone)) return null;
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const start = new TZDate(year, month - 1, day, parsed.hours, parsed.minutes, 0, timeZone);
  return new Date(start.getTime()).toISOString();
}

const formats = new Map<string, Intl.DateTimeFormat>();

const FORMAT_OPTIONS = {
  clock: { hour: 'numeric', minute: '2-digit' },
  zone: { timeZoneName: 'short' },
  day: { weekday: 'short', month: 'short', day: 'numeric' },
} as const satisfies Record<string, Intl.DateTimeFormatOptions>;

/** One formatter per locale, zone and kind: a page of cards makes a few, not one a card. */
function formatOf(
  locale: string,
  timeZone: string,
  kind: keyof typeof FORMAT_OPTIONS,
): Intl.DateTimeFormat {
  const key = `${locale}|${timeZone}|${kind}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, { timeZone, ...FORMAT_OPTIONS[kind] });
    formats.set(key, format);
  }
  return format;
}

/** The zone's short name at `instant` ("CST", "GMT+1"), as en-US writes it. */
function zoneName(instant: Date, timeZone: string, locale: string): string {
  const part = formatOf(locale, timeZone, 'zone')
    .formatToParts(instant)
    .find((p) => p.type === 'timeZoneName');
  return part?.value ?? timeZone;
}

export interface ShowTimeFields {
  /** The time as people wrote it, kept for shows whose instant is unknown. */
  time: string | null;
  startsAt?: string | null;
  timeZone?: string | null;
}

/**
 * A show's start as a page shows it: "8:00 PM" on the venue's clock, plus the zone's short
 * name ("8:00 PM CST") when the viewer's zone reads differently at that instant. Without
 * an instant, the time as written (or null: to be announced).
 */
export function showTimeText(
  show: ShowTimeFields,
  viewerTimeZone: string = localTimeZone(),
  locale = 'en-US',
): string | null {
  if (!show.startsAt || !show.timeZone || !isTimeZone(show.timeZone)) return show.time;
  const instant = new Date(show.startsAt);
  if (Number.isNaN(instant.getTime())) return show.time;
  const clock = formatOf(locale, show.timeZone, 'clock')
    .format(instant)
    // Newer ICU puts a narrow no-break space before AM/PM: written as the plain one.
    .replace(/\u202f/g, ' ');
  const venueZone = zoneName(instant, show.timeZone, locale);
  const viewerZone = isTimeZone(viewerTimeZone)
    ? zoneName(instant, viewerTimeZone, locale)
    : venueZone;
  return venueZone === viewerZone ? clock : `${clock} ${venueZone}`;
}

export interface OnSaleFields {
  /** When the public sale opens, ISO in UTC; null when unknown. */
  onSaleAt?: string | null;
  /** The venue's IANA zone, whose clock says the sale's day and time. */
  timeZone?: string | null;
}

/**
 * "On sale Fri, Dec 4 at 10:00 AM": when tickets go on sale, on the venue's clock, while
 * they are not on sale yet; null once the sale has started (at `now`) or when its start is
 * unknown. With a viewer's zone whose clock reads differently then, the zone's short name
 * follows ("10:00 AM CST"), as showTimeText does; without one (a notice, worded for anyone),
 * the venue's clock alone. A show whose zone is unknown is read on UTC's clock, named.
 */
export function onSaleText(
  show: OnSaleFields,
  now: Date = new Date(),
  viewerTimeZone?: string,
  locale = 'en-US',
): string | null {
  if (!show.onSaleAt) return null;
  const instant = new Date(show.onSaleAt);
  if (Number.isNaN(instant.getTime()) || instant.getTime() <= now.getTime()) return null;
  const known = Boolean(show.timeZone && isTimeZone(show.timeZone));
  const zone = known ? show.timeZone! : 'UTC';
  const day = formatOf(locale, zone, 'day').format(instant);
  const clock = formatOf(locale, zone, 'clock').format(instant).replace(/\u202f/g, ' ');
  const venueZone = zoneName(instant, zone, locale);
  const viewerZone =
    viewerTimeZone && isTimeZone(viewerTimeZone)
      ? zoneName(instant, viewerTimeZone, locale)
      : venueZone;
  const named = !known || venueZone !== viewerZone;
  return `On sale ${day} at ${clock}${named ? ` ${venueZone}` : ''}`;
}
