import { useQuery } from '@tanstack/react-query';
import type { HistoricalConcert } from '#shared/schemas/concerts';
import { HISTORICAL_SEARCH_LIMIT, HISTORICAL_SEARCH_MIN } from '#shared/limits';
import { apiQuery } from '#client/lib/api-query';
import { FRESH_FOR_MS } from '#client/lib/query';
import { reviewKeys } from './keys';

/** GET /api/setlistfm/events: past concerts by artist (setlist.fm, else our own catalogue). */
export const { options: pastConcertSearchQueryOptions } = apiQuery<
  HistoricalConcert[],
  [artistName: string]
>({
  key: (artistName) => reviewKeys.pastConcerts(artistName.trim()),
  path: () => '/setlistfm/events',
  search: (artistName) => ({
    artistName: artistName.trim(),
    limit: String(HISTORICAL_SEARCH_LIMIT),
  }),
  staleTime: FRESH_FOR_MS.shared,
});

/** Past concerts for the review dialog, once the artist's name is long enough to search. */
export function usePastConcertSearch(artistName: string) {
  return useQuery({
    ...pastConcertSearchQueryOptions(artistName),
    enabled: artistName.trim().length >= HISTORICAL_SEARCH_MIN,
  });
}
