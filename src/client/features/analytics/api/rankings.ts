import { queryOptions } from '@tanstack/react-query';
import { TOP_LIST_LIMIT } from '#shared/limits';
import type { TopArtist, TopVenue } from '#shared/schemas/analytics';
import { getJson } from '../../../lib/api';
import { FRESH_FOR_MS } from '../../../lib/query';
import { analyticsKeys, type Ranking } from './keys';

/** What a row of each ranking holds. */
interface RankingRows {
  'top-artists': TopArtist;
  'top-venues': TopVenue;
}

/** GET /api/analytics/{ranking}: its first TOP_LIST_LIMIT rows, slow to change. */
export function rankingQueryOptions<R extends Ranking>(ranking: R) {
  return queryOptions({
    queryKey: analyticsKeys.ranking(ranking, TOP_LIST_LIMIT),
    queryFn: getJson<RankingRows[R][]>(`/api/analytics/${ranking}?limit=${TOP_LIST_LIMIT}`),
    staleTime: FRESH_FOR_MS.rankings,
  });
}
