import { queryOptions, useQuery } from '@tanstack/react-query';
import { TOP_LIST_LIMIT } from '#shared/limits';
import type { TopArtist } from '#shared/schemas/analytics';
import { getJson } from '../../../lib/api';
import { FRESH_FOR_MS } from '../../../lib/query';
import { analyticsKeys } from './keys';

export const topArtistsQueryOptions = queryOptions({
  queryKey: analyticsKeys.topArtists(TOP_LIST_LIMIT),
  queryFn: getJson<TopArtist[]>(`/api/analytics/top-artists?limit=${TOP_LIST_LIMIT}`),
  staleTime: FRESH_FOR_MS.rankings,
});

export function useTopArtists() {
  return useQuery(topArtistsQueryOptions);
}
