import { queryOptions, useQuery } from '@tanstack/react-query';
import { TOP_LIST_LIMIT } from '#shared/limits';
import type { TopVenue } from '#shared/schemas/analytics';
import { getJson } from '../../../lib/api';
import { FRESH_FOR_MS } from '../../../lib/query';
import { analyticsKeys } from './keys';

export const topVenuesQueryOptions = queryOptions({
  queryKey: analyticsKeys.topVenues(TOP_LIST_LIMIT),
  queryFn: getJson<TopVenue[]>(`/api/analytics/top-venues?limit=${TOP_LIST_LIMIT}`),
  staleTime: FRESH_FOR_MS.rankings,
});

export function useTopVenues() {
  return useQuery(topVenuesQueryOptions);
}
