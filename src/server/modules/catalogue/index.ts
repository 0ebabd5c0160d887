/** Artist and venue pages. What other modules may use. */
export { getArtistPage, getVenuePage } from './service.ts';
