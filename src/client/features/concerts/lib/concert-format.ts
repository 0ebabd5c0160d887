import { DEFAULT_CONCERT_TIME, GENRES } from '#shared/limits';
import { localTimeZone, showTimeText, type ShowTimeFields } from '#shared/show-time';

const pad = (n: number) => String(n).padStart(2, '0');

/** yyyy-MM-dd of a moment in the viewer's own time zone. */
export function dayKey(moment: Date = new Date()): string {
  return `${moment.getFullYear()}-${pad(moment.getMonth() + 1)}-${pad(moment.getDate())}`;
}

/**
 * The calendar day a concert date names. Dates arrive as "yyyy-MM-dd" (sometimes with a time
 * after it); only the day counts, read in local time so "2026-12-06" never shows as Dec 5.
 */
export function concertDay(date: string): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(date);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const local = new Date(year, month - 1, day);
  // Rejects days that do not exist, such as 2026-02-30 (which Date would roll over).
  return local.getMonth() === month - 1 && local.getDate() === day ? local : null;
}

/** True for a real calendar day written yyyy-MM-dd and nothing else. */
export function isDayKey(value: string): boolean {
  return value.length === 10 && concertDay(value) !== null;
}

// Intl rather than a date library keeps the card light: it ships in every concert list.
const shortDate = new Intl.DateTimeFormat('en-US', {
  weekday: 'short',
  month: 'short',
  day: 'numeric',
  year: 'numeric',
});
const longDate = new Intl.DateTimeFormat('en-US', {
  weekday: 'long',
  month: 'long',
  day: 'numeric',
  year: 'numeric',
});

/** docs/product.md §4: a concert is historical when its date is before today. */
export function isHistorical(date: string, today: string = dayKey()): boolean {
  return date.slice(0, 10) < today;
}

/** "Sun, Dec 6, 2026"; the raw text when it is not a date. */
export function formatConcertDate(date: string): string {
  const day = concertDay(date);
  return day ? shortDate.format(day) : date;
}

/** "Sunday, December 6, 2026"; the raw text when it is not a date. */
export function formatLongDate(date: string): string {
  const day = concertDay(date);
  return day ? longDate.format(day) : date;
}

/** The start time, or the house default (8:00 PM) when none was announced. */
export function concertTime(time: string | null | undefined): string {
  return time?.trim() || DEFAULT_CONCERT_TIME;
}

/**
 * The start on the venue's clock, with the zone's short name when the viewer's clock (the
 * browser's zone) reads differently then: "8:00 PM CST" seen from New York, "8:00 PM" in
 * Chicago. Without an instant, as concertTime.
 */
export function concertStartTime(
  show: ShowTimeFields,
  viewerTimeZone: string = localTimeZone(),
): string {
  return concertTime(showTimeText(show, viewerTimeZone));
}

/** "Hip Hop" for "hip-hop"; an unknown slug is spelled out ("k-pop" → "K Pop"). */
export function genreName(slug: string | null | undefined): string | null {
  const value = slug?.trim();
  if (!value) return null;
  const known = GENRES.find((g) => g.slug === value.toLowerCase());
  if (known) return known.name;
  return value
    .split(/[-_\s]+/)
    .filter(Boolean)
    .map((word) => word[0]!.toUpperCase() + word.slice(1))
    .join(' ');
}

/** "Los Angeles, CA" for a city slug. */
export function cityLabel(city: { name: string; state: string }): string {
  return `${city.name}, ${city.state}`;
}

const PLAIN_AMOUNT = /^\d+(?:\.\d{1,2})?$/;

/** "$25", "$35 - $120" as given; a bare number gets its dollar sign; nothing is "Price TBA". */
export function priceLabel(price: string | null | undefined): string {
  const value = price?.trim();
  if (!value) return 'Price TBA';
  return PLAIN_AMOUNT.test(value) ? `$${value}` : value;
}

/**
 * The lowest dollar amount a price text names ("$35 - $120" → 35, "Free" → 0), or null when
 * it names none, so the price filter can leave unpriced concerts alone.
 */
export function lowestPrice(price: string | null | undefined): number | null {
  const value = price?.trim();
  if (!value) return null;
  const amounts = [...value.matchAll(/\d[\d,]*(?:\.\d+)?/g)]
    .map((match) => Number(match[0].replaceAll(',', '')))
    .filter((amount) => Number.isFinite(amount));
  if (amounts.length > 0) return Math.min(...amounts);
  return /\bfree\b/i.test(value) ? 0 : null;
}
