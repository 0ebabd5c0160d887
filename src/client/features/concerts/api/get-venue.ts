import type { VenuePage } from '#shared/schemas/catalogue';
import { apiQuery } from '#client/lib/api-query';
import { FRESH_FOR_MS } from '#client/lib/query';
import { catalogueKeys } from './catalogue-keys';

/** GET /api/venues/{id}: the room, its averages and trend, its shows and best-rated nights. */
export const { options: venueQueryOptions, use: useVenue } = apiQuery<VenuePage, [id: string]>({
  key: catalogueKeys.venue,
  path: (id) => `/venues/${encodeURIComponent(id)}`,
  staleTime: FRESH_FOR_MS.shared,
});
