import { YEAR_MAX, YEAR_MIN } from '#shared/schemas/years';

/** The year of an address, or null when it is not one a year in review is kept for. */
export function parseYear(text: string): number | null {
  if (!/^\d{4}$/.test(text)) return null;
  const year = Number(text);
  return year >= YEAR_MIN && year <= YEAR_MAX ? year : null;
}
