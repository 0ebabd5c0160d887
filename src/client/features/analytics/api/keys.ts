/** Query keys of the analytics feature. */
export const analyticsKeys = {
  all: ['analytics'] as const,
  topVenues: (limit: number) => [...analyticsKeys.all, 'top-venues', limit] as const,
  topArtists: (limit: number) => [...analyticsKeys.all, 'top-artists', limit] as const,
};
