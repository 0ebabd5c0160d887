/** The community rankings, each named by its path under /api/analytics. */
export type Ranking = 'top-artists' | 'top-venues';

/** Query keys of the analytics feature. */
export const analyticsKeys = {
  all: ['analytics'] as const,
  ranking: (ranking: Ranking, limit: number) => [...analyticsKeys.all, ranking, limit] as const,
};
