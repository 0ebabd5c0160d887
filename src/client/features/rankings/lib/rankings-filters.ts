import { CITIES, GENRES } from '#shared/limits';
import {
  RANKING_ASPECTS,
  RANKING_KINDS,
  RANKING_PERIODS,
  type RankingAspect,
  type RankingKind,
  type RankingPeriod,
} from '#shared/schemas/rankings';

/**
 * What the league table shows, kept in the address bar so a table can be shared and Back
 * steps through the choices. Empty city or genre is all of them.
 */
export interface RankingsFilters {
  kind: RankingKind;
  aspect: RankingAspect;
  /** A city's name, as concerts give it ("Chicago"). */
  city: string;
  /** A genre's slug. */
  genre: string;
  period: RankingPeriod;
}

export const DEFAULT_RANKINGS_FILTERS: RankingsFilters = {
  kind: 'venues',
  aspect: 'overall',
  city: '',
  genre: '',
  period: 'all',
};

/** The aspects named as the concert page names them (docs/product.md §2 "Rankings"). */
export const ASPECT_LABELS: Record<RankingAspect, string> = {
  overall: 'Overall',
  performance: 'Performance',
  sound: 'Sound',
  venue: 'Venue',
  value: 'Value',
};

export const KIND_LABELS: Record<RankingKind, string> = { venues: 'Venues', artists: 'Artists' };

export const PERIOD_LABELS: Record<RankingPeriod, string> = {
  all: 'All time',
  '12m': 'Last 12 months',
};

const oneOf = <T extends string>(values: readonly T[], value: string, fallback: T): T =>
  (values as readonly string[]).includes(value) ? (value as T) : fallback;

const CITY_NAMES: readonly string[] = CITIES.map((city) => city.name);
const GENRE_SLUGS: readonly string[] = GENRES.map((genre) => genre.slug);

/** Reads the filters from a query string; anything unknown is the default. */
export function parseRankingsSearch(search: string): RankingsFilters {
  const params = new URLSearchParams(search);
  const read = (key: string) => params.get(key) ?? '';
  const d = DEFAULT_RANKINGS_FILTERS;
  return {
    kind: oneOf(RANKING_KINDS, read('kind'), d.kind),
    aspect: oneOf(RANKING_ASPECTS, read('aspect'), d.aspect),
    city: CITY_NAMES.includes(read('city')) ? read('city') : '',
    genre: GENRE_SLUGS.includes(read('genre')) ? read('genre') : '',
    period: oneOf(RANKING_PERIODS, read('period'), d.period),
  };
}

/** The query string: only what differs from the defaults, in a fixed order. */
export function toRankingsSearch(filters: RankingsFilters): string {
  const params = new URLSearchParams();
  for (const key of ['kind', 'aspect', 'city', 'genre', 'period'] as const) {
    if (filters[key] !== DEFAULT_RANKINGS_FILTERS[key]) params.set(key, filters[key]);
  }
  return params.toString();
}
