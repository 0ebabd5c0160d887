/** A person's saved concerts. */
export { wishlistRoutes } from './routes.ts';
