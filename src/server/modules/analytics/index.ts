/** Community favourites: the best-rated venues and artists. */
export { analyticsRoutes } from './routes.ts';
