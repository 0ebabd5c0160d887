/** How ratings and dates read wherever they show: on concerts, reviews and profiles. */

const postedDate = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
});

/** Average ratings show one decimal: 4 → "4.0". */
export function formatRating(value: number): string {
  return value.toFixed(1);
}

/** "Dec 6, 2026" for a timestamp; null when it is not one. */
export function formatPostedDate(timestamp: string): string | null {
  const moment = new Date(timestamp);
  return Number.isNaN(moment.getTime()) ? null : postedDate.format(moment);
}

const exactMoment = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/** "Dec 6, 2026, 9:41 PM": the exact moment, for a tooltip; null when it is not a timestamp. */
export function formatExactTime(timestamp: string): string | null {
  const moment = new Date(timestamp);
  return Number.isNaN(moment.getTime()) ? null : exactMoment.format(moment);
}

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
/** Up to this age a time reads relative; older ones read as their date. */
const RELATIVE_FOR_MS = 24 * HOUR_MS;

/** How long ago `timestamp` was at `now`; NaN when it is not a timestamp. */
const ageAt = (timestamp: string, now: number) => now - new Date(timestamp).getTime();

/**
 * True while a time reads relative ("3 h ago") rather than as its date. A moment slightly
 * ahead of `now` (another clock) counts as recent too.
 */
export function isRecent(timestamp: string, now: number): boolean {
  const age = ageAt(timestamp, now);
  return age > -RELATIVE_FOR_MS && age < RELATIVE_FOR_MS;
}

/**
 * When something happened, as it reads in lists: "just now" within the first minute,
 * "2 min ago", "3 h ago" within a day, then its date ("Dec 6, 2026"). Null when it is
 * not a timestamp.
 */
export function formatRelativeTime(timestamp: string, now: number): string | null {
  const age = ageAt(timestamp, now);
  if (Number.isNaN(age)) return null;
  if (!isRecent(timestamp, now)) return formatPostedDate(timestamp);
  if (age < MINUTE_MS) return 'just now';
  if (age < HOUR_MS) return `${Math.floor(age / MINUTE_MS)} min ago`;
  return `${Math.floor(age / HOUR_MS)} h ago`;
}

const calendarDate = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  timeZone: 'UTC',
});

/** "Mar 5, 2026" for a yyyy-MM-dd day, the same wherever the reader is. */
export function formatDay(day: string): string {
  const moment = new Date(`${day}T00:00:00Z`);
  return Number.isNaN(moment.getTime()) ? day : calendarDate.format(moment);
}
