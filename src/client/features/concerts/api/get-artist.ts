import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ArtistPage } from '#shared/schemas/catalogue';
import { api } from '#client/lib/api';
import { FRESH_FOR_MS } from '#client/lib/query';
import { catalogueKeys } from './catalogue-keys';

/** GET /api/artists/{id}: the artist, their averages, trend, shows and songs loved live. */
export function getArtist(id: string, signal?: AbortSignal): Promise<ArtistPage> {
  return api.get<ArtistPage>(`/artists/${encodeURIComponent(id)}`, { signal });
}

export function artistQueryOptions(id: string) {
  return queryOptions({
    queryKey: catalogueKeys.artist(id),
    queryFn: ({ signal }) => getArtist(id, signal),
    staleTime: FRESH_FOR_MS.shared,
  });
}

export function useArtist(id: string) {
  return useQuery(artistQueryOptions(id));
}
