/** Setlists and the songs reviewers marked as highlights. What other modules may use. */
export { highlightsCountFor, selectSetlistSongs } from './queries.ts';
