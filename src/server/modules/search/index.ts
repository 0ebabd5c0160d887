/** One forgiving search for artists, venues, concerts and people. */
export { searchRoutes } from './routes.ts';
