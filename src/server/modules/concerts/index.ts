/** Concerts: discovery, detail, provider lookups and imports. What other modules may use. */
export {
  concertExists,
  concertListItemColumns,
  concertStartsAt,
  providerConcertRow,
  rememberVenueLocations,
  concertSummaryColumns,
  searchPattern,
  selectConcertImageUrl,
  selectGenresOfArtists,
} from './queries.ts';
export {
  CONCERT_NOT_FOUND,
  getConcertDetail,
  importFollowedArtistsShows,
  lookUpProviderConcert,
  resolveConcert,
  storeResolvedConcert,
  type ResolvedConcert,
} from './service.ts';
