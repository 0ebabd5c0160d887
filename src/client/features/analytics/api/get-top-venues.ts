import { queryOptions, useQuery } from '@tanstack/react-query';
import { TOP_LIST_LIMIT } from '#shared/limits';
import type { TopVenue } from '#shared/schemas/analytics';

export const topVenuesQueryKey = [`/api/analytics/top-venues?limit=${TOP_LIST_LIMIT}`] as const;

export const topVenuesQueryOptions = queryOptions<TopVenue[]>({
  queryKey: topVenuesQueryKey,
});

export function useTopVenues() {
  return useQuery(topVenuesQueryOptions);
}
