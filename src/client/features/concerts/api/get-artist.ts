import type { ArtistPage } from '#shared/schemas/catalogue';
import { apiQuery } from '#client/lib/api-query';
import { FRESH_FOR_MS } from '#client/lib/query';
import { catalogueKeys } from './catalogue-keys';

/** GET /api/artists/{id}: the artist, their averages, trend, shows and songs loved live. */
export const { options: artistQueryOptions, use: useArtist } = apiQuery<ArtistPage, [id: string]>({
  key: catalogueKeys.artist,
  path: (id) => `/artists/${encodeURIComponent(id)}`,
  staleTime: FRESH_FOR_MS.shared,
});
