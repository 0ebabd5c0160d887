import { queryOptions, useQuery } from '@tanstack/react-query';
import type { VenuePage } from '#shared/schemas/catalogue';
import { api } from '#client/lib/api';
import { FRESH_FOR_MS } from '#client/lib/query';
import { catalogueKeys } from './catalogue-keys';

/** GET /api/venues/{id}: the room, its averages and trend, its shows and best-rated nights. */
export function getVenue(id: string, signal?: AbortSignal): Promise<VenuePage> {
  return api.get<VenuePage>(`/venues/${encodeURIComponent(id)}`, { signal });
}

export function venueQueryOptions(id: string) {
  return queryOptions({
    queryKey: catalogueKeys.venue(id),
    queryFn: ({ signal }) => getVenue(id, signal),
    staleTime: FRESH_FOR_MS.shared,
  });
}

export function useVenue(id: string) {
  return useQuery(venueQueryOptions(id));
}
