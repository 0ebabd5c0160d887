import {
  CITIES,
  GENRES,
  PRICE_MAX,
  PRICE_MIN,
  type CitySlug,
  type GenreSlug,
} from '#shared/limits';
import { isDayKey, lowestPrice } from './concert-format';
import { CONCERT_PAGE_SIZE } from '#shared/constants';

export type ConcertView = 'grid' | 'list';

/** Concerts per page: the API's own page size. */
export const CONCERTS_PAGE_SIZE = CONCERT_PAGE_SIZE;

/**
 * What the Discover page is filtered by, as kept in the address bar so a filtered view can be
 * shared and survives a reload. Empty strings mean "not set". The price range is not here:
 * docs/product.md §3 keeps it local to the page.
 */
export interface DiscoverFilters {
  search: string;
  genre: GenreSlug | '';
  city: CitySlug | '';
  /** yyyy-MM-dd; unset means today. */
  startDate: string;
  endDate: string;
  view: ConcertView;
}

export const DEFAULT_FILTERS: DiscoverFilters = {
  search: '',
  genre: '',
  city: '',
  startDate: '',
  endDate: '',
  view: 'grid',
};

export type PriceRange = readonly [number, number];
export const DEFAULT_PRICE_RANGE: PriceRange = [PRICE_MIN, PRICE_MAX];

const GENRE_SLUGS: readonly string[] = GENRES.map((g) => g.slug);
const CITY_SLUGS: readonly string[] = CITIES.map((c) => c.slug);

export function isGenreSlug(value: string): value is GenreSlug {
  return GENRE_SLUGS.includes(value);
}

export function isCitySlug(value: string): value is CitySlug {
  return CITY_SLUGS.includes(value);
}

/** Reads the filters from a query string; anything unknown or malformed is ignored. */
export function parseDiscoverSearch(search: string): DiscoverFilters {
  const params = new URLSearchParams(search);
  const read = (key: string) => params.get(key) ?? '';
  const genre = read('genre').toLowerCase();
  const city = read('city').toLowerCase();
  const startDate = isDayKey(read('startDate')) ? read('startDate') : '';
  let endDate = isDayKey(read('endDate')) ? read('endDate') : '';
  if (startDate && endDate && endDate < startDate) endDate = '';
  return {
    search: read('search'),
    genre: isGenreSlug(genre) ? genre : '',
    city: isCitySlug(city) ? city : '',
    startDate,
    endDate,
    view: read('view') === 'list' ? 'list' : 'grid',
  };
}

/** The query string for the address bar: only what differs from the defaults. */
export function toDiscoverSearch(filters: DiscoverFilters): string {
  const params = new URLSearchParams();
  if (filters.search.trim()) params.set('search', filters.search);
  if (filters.genre) params.set('genre', filters.genre);
  if (filters.city) params.set('city', filters.city);
  if (filters.startDate) params.set('startDate', filters.startDate);
  if (filters.endDate) params.set('endDate', filters.endDate);
  if (filters.view === 'list') params.set('view', 'list');
  return params.toString();
}

/**
 * How many of the filter bar's filters differ from their defaults (the Clear Filters button
 * resets them all): search, dates (one filter for both ends), price, location and genre.
 * The Grid/List view is not a filter.
 */
export function changedFilterCount(filters: DiscoverFilters, priceRange: PriceRange): number {
  return [
    filters.search.trim() !== '',
    filters.startDate !== '' || filters.endDate !== '',
    !isDefaultPriceRange(priceRange),
    filters.city !== '',
    filters.genre !== '',
  ].filter(Boolean).length;
}

export function isDefaultPriceRange([min, max]: PriceRange): boolean {
  return min === PRICE_MIN && max === PRICE_MAX;
}

/**
 * The GET /api/concerts query for these filters, without paging. docs/product.md §7: always
 * includeTicketmaster=true, and startDate defaults to today.
 */
export function concertsQuery(filters: DiscoverFilters, today: string): string {
  const params = new URLSearchParams({ includeTicketmaster: 'true' });
  const search = filters.search.trim();
  if (search) params.set('search', search);
  if (filters.genre) params.set('genre', filters.genre);
  if (filters.city) params.set('city', filters.city);
  params.set('startDate', filters.startDate || today);
  if (filters.endDate) params.set('endDate', filters.endDate);
  return params.toString();
}

/** The search of one page of concerts: the filters, then the paging. */
export function concertsPageSearch(query: string, offset: number): string {
  return `${query}&limit=${CONCERTS_PAGE_SIZE}&offset=${offset}`;
}

/** The URL of one page of concerts (the server preloads the first for /discover). */
export function concertsPageUrl(query: string, offset: number): string {
  return `/api/concerts?${concertsPageSearch(query, offset)}`;
}

/**
 * The local price filter: a concert stays when the lowest amount its price names is in the
 * range. At the slider's top the range is open-ended, and concerts without a price stay.
 */
export function matchesPriceRange(price: string | null | undefined, [min, max]: PriceRange) {
  const lowest = lowestPrice(price);
  if (lowest === null) return true;
  if (lowest < min) return false;
  return max >= PRICE_MAX || lowest <= max;
}

/** "$0 - $200+"; the top of the slider means "and above". */
export function priceRangeLabel([min, max]: PriceRange): string {
  return `$${min} - $${max}${max >= PRICE_MAX ? '+' : ''}`;
}

/**
 * The dates after a click on `day` in the picker: a single day chosen and another clicked
 * make the range between them; otherwise the clicked day alone (from = to = that day), so
 * one day is one click.
 */
export function dayClickRange(
  current: { startDate: string; endDate: string },
  day: string,
): { startDate: string; endDate: string } {
  const { startDate, endDate } = current;
  if (startDate && endDate && startDate === endDate && day !== startDate) {
    return day < startDate ? { startDate: day, endDate: startDate } : { startDate, endDate: day };
  }
  return { startDate: day, endDate: day };
}

const monthDay = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric' });
const monthDayYear = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
});

/**
 * The date-range button's text in the 'MMM d - MMM d, yyyy' of docs/product.md §9
 * ("Dec 6 - Dec 20, 2026"); a range across two years names both years, and an open range reads
 * "From Dec 6, 2026"; a single day reads "Dec 6, 2026".
 * Intl writes exactly what date-fns' 'MMM d' and 'MMM d, yyyy' would (a unit test compares them)
 * without shipping date-fns' formatter with the page.
 */
export function dateRangeLabel(from: Date | undefined, to: Date | undefined): string {
  if (!from) return 'Pick a date range';
  if (!to) return `From ${monthDayYear.format(from)}`;
  if (from.getTime() === to.getTime()) return monthDayYear.format(from);
  if (from.getFullYear() !== to.getFullYear()) {
    return `${monthDayYear.format(from)} - ${monthDayYear.format(to)}`;
  }
  return `${monthDay.format(from)} - ${monthDayYear.format(to)}`;
}
