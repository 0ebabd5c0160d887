import type { Rankings } from '#shared/schemas/rankings';
import { apiQuery } from '#client/lib/api-query';
import { toRankingsSearch, type RankingsFilters } from '../lib/rankings-filters';
import { rankingsKeys } from './keys';

/**
 * GET /api/rankings: one league table. New reviews reach a table within seconds, so it is not
 * kept long.
 */
export const { options: rankingsQueryOptions, use: useRankings } = apiQuery<
  Rankings,
  [filters: RankingsFilters]
>({ key: rankingsKeys.table, path: () => '/rankings', search: toRankingsSearch });
