/** Reviews of concerts, with their likes and comments. */
export { reviewsRoutes } from './routes.ts';
