import { useQuery } from '@tanstack/react-query';
import { rankingQueryOptions } from './rankings';

export const topVenuesQueryOptions = rankingQueryOptions('top-venues');

export function useTopVenues() {
  return useQuery(topVenuesQueryOptions);
}
