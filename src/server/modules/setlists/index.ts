/** Setlists and the songs reviewers marked as highlights. What other modules may use. */
export { selectSetlistSongs } from './queries.ts';
export { setlistsRoutes } from './routes.ts';
