import type { RankingsFilters } from '../lib/rankings-filters';

/** Query keys of the league tables. */
export const rankingsKeys = {
  all: ['rankings'] as const,
  table: (filters: RankingsFilters) => [...rankingsKeys.all, filters] as const,
};
