import { useQuery } from '@tanstack/react-query';
import type { HistoricalConcert } from '#shared/schemas/concerts';
import { HISTORICAL_SEARCH_LIMIT, HISTORICAL_SEARCH_MIN } from '#shared/limits';
import { getJson } from '../../../lib/api';
import { FRESH_FOR_MS } from '../../../lib/query';
import { reviewKeys } from './keys';

/** Past concerts by artist for the review dialog (setlist.fm, else our own catalogue). */
export function usePastConcertSearch(artistName: string) {
  const term = artistName.trim();
  const query = new URLSearchParams({ artistName: term, limit: String(HISTORICAL_SEARCH_LIMIT) });
  return useQuery({
    queryKey: [...reviewKeys.all, 'past-concerts', term],
    queryFn: getJson<HistoricalConcert[]>(`/api/setlistfm/events?${query}`),
    enabled: term.length >= HISTORICAL_SEARCH_MIN,
    staleTime: FRESH_FOR_MS.shared,
  });
}
