import { TOP_LIST_LIMIT } from '#shared/limits';
import type { TopArtist, TopVenue } from '#shared/schemas/analytics';
import { apiQuery } from '#client/lib/api-query';
import { FRESH_FOR_MS } from '#client/lib/query';
import { analyticsKeys, type Ranking } from './keys';

/** What a row of each ranking holds. */
interface RankingRows {
  'top-artists': TopArtist;
  'top-venues': TopVenue;
}

/**
 * GET /api/analytics/{ranking}: its first TOP_LIST_LIMIT rows. A ranking is slow to change,
 * so it is kept longer than most.
 */
export function rankingQuery<R extends Ranking>(ranking: R) {
  return apiQuery<RankingRows[R][]>({
    key: () => analyticsKeys.ranking(ranking, TOP_LIST_LIMIT),
    path: () => `/analytics/${ranking}`,
    search: () => ({ limit: String(TOP_LIST_LIMIT) }),
    staleTime: FRESH_FOR_MS.rankings,
  });
}
