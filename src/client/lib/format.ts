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
