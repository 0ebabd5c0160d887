import { useQuery } from '@tanstack/react-query';
import { rankingQueryOptions } from './rankings';

export const topArtistsQueryOptions = rankingQueryOptions('top-artists');

export function useTopArtists() {
  return useQuery(topArtistsQueryOptions);
}
