import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Rankings } from '#shared/schemas/rankings';
import { getJson } from '../../../lib/api';
import { toRankingsSearch, type RankingsFilters } from '../lib/rankings-filters';

export const rankingsKeys = {
  all: ['rankings'] as const,
  table: (filters: RankingsFilters) => [...rankingsKeys.all, filters] as const,
};

/** GET /api/rankings: one league table. New reviews reach it within seconds, so it is not kept long. */
export function rankingsQueryOptions(filters: RankingsFilters) {
  const search = toRankingsSearch(filters);
  return queryOptions({
    queryKey: rankingsKeys.table(filters),
    queryFn: getJson<Rankings>(search ? `/api/rankings?${search}` : '/api/rankings'),
  });
}

export function useRankings(filters: RankingsFilters) {
  return useQuery(rankingsQueryOptions(filters));
}
