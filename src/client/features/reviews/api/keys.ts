/** Query keys of the reviews feature: reviews have their own root, not the concert's. */
export const reviewKeys = {
  all: ['reviews'] as const,
  byConcert: (concertId: string) => [...reviewKeys.all, 'concert', concertId] as const,
};
