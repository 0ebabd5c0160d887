import { queryOptions, useQuery } from '@tanstack/react-query';
import { TOP_LIST_LIMIT } from '#shared/limits';
import type { TopArtist } from '#shared/schemas/analytics';

export const topArtistsQueryKey = [`/api/analytics/top-artists?limit=${TOP_LIST_LIMIT}`] as const;

export const topArtistsQueryOptions = queryOptions<TopArtist[]>({
  queryKey: topArtistsQueryKey,
});

export function useTopArtists() {
  return useQuery(topArtistsQueryOptions);
}
