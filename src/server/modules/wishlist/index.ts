/** A person's saved concerts. */
export { savedConcertsOf, WISHLIST_LIMIT } from './queries.ts';
