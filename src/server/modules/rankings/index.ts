/** League tables by aspect (/rankings) and the Community Favorites read from them. */
export {
  buildLeagueTablesIfOutOfDate,
  refreshLeagueTables,
  topArtists,
  topListCacheSlot,
  topVenues,
} from './service.ts';
