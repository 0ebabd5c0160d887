import { queryOptions } from '@tanstack/react-query';
import { TOP_LIST_LIMIT } from '#shared/limits';
import type { TopArtist, TopVenue } from '#shared/schemas/analytics';
import { api } from '#client/lib/api';
import { FRESH_FOR_MS } from '#client/lib/query';
import { analyticsKeys, type Ranking } from './keys';

/** What a row of each ranking holds. */
interface RankingRows {
  'top-artists': TopArtist;
  'top-venues': TopVenue;
}

/** GET /api/analytics/{ranking}: its first TOP_LIST_LIMIT rows. */
export function getRanking<R extends Ranking>(
  ranking: R,
  signal?: AbortSignal,
): Promise<RankingRows[R][]> {
  return api.get<RankingRows[R][]>(`/analytics/${ranking}`, {
    search: { limit: String(TOP_LIST_LIMIT) },
    signal,
  });
}

/** A ranking is slow to change, so it is kept longer than most. */
export function rankingQueryOptions<R extends Ranking>(ranking: R) {
  return queryOptions({
    queryKey: analyticsKeys.ranking(ranking, TOP_LIST_LIMIT),
    queryFn: ({ signal }) => getRanking(ranking, signal),
    staleTime: FRESH_FOR_MS.rankings,
  });
}
