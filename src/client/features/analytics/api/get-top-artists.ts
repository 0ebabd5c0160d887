import { rankingQuery } from './rankings';

export const { options: topArtistsQueryOptions, use: useTopArtists } = rankingQuery('top-artists');
