import { rankingQuery } from './rankings';

export const { options: topVenuesQueryOptions, use: useTopVenues } = rankingQuery('top-venues');
