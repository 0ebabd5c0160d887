import { queryOptions, useQuery } from '@tanstack/react-query';
import type { HistoricalConcert } from '#shared/schemas/concerts';
import { HISTORICAL_SEARCH_LIMIT, HISTORICAL_SEARCH_MIN } from '#shared/limits';
import { api } from '#client/lib/api';
import { FRESH_FOR_MS } from '#client/lib/query';
import { reviewKeys } from './keys';

/** GET /api/setlistfm/events: past concerts by artist (setlist.fm, else our own catalogue). */
export function searchPastConcerts(
  artistName: string,
  signal?: AbortSignal,
): Promise<HistoricalConcert[]> {
  return api.get<HistoricalConcert[]>('/setlistfm/events', {
    search: { artistName, limit: String(HISTORICAL_SEARCH_LIMIT) },
    signal,
  });
}

export function pastConcertSearchQueryOptions(artistName: string) {
  const term = artistName.trim();
  return queryOptions({
    queryKey: reviewKeys.pastConcerts(term),
    queryFn: ({ signal }) => searchPastConcerts(term, signal),
    enabled: term.length >= HISTORICAL_SEARCH_MIN,
    staleTime: FRESH_FOR_MS.shared,
  });
}

/** Past concerts for the review dialog, once the artist's name is long enough to search. */
export function usePastConcertSearch(artistName: string) {
  return useQuery(pastConcertSearchQueryOptions(artistName));
}
