/** Artist and venue pages, and artist follows. */
export { catalogueRoutes } from './routes.ts';
