import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Rankings } from '#shared/schemas/rankings';
import { api } from '#client/lib/api';
import { toRankingsSearch, type RankingsFilters } from '../lib/rankings-filters';
import { rankingsKeys } from './keys';

/** GET /api/rankings: one league table. */
export function getRankings(filters: RankingsFilters, signal?: AbortSignal): Promise<Rankings> {
  return api.get<Rankings>('/rankings', { search: toRankingsSearch(filters), signal });
}

/** New reviews reach a table within seconds, so it is not kept long. */
export function rankingsQueryOptions(filters: RankingsFilters) {
  return queryOptions({
    queryKey: rankingsKeys.table(filters),
    queryFn: ({ signal }) => getRankings(filters, signal),
  });
}

export function useRankings(filters: RankingsFilters) {
  return useQuery(rankingsQueryOptions(filters));
}
