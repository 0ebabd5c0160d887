/** A person's saved concerts. */
export { wishlistRoutes } from './routes.ts';
export { savedConcertsOf, WISHLIST_LIMIT } from './queries.ts';
