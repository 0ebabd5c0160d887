/** The historical concert search behind the review dialog. */
export { historicalRoutes } from './routes.ts';
