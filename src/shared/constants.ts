/**
 * Numbers and prefixes of the API contract that the browser needs too. This file imports
 * nothing (no zod), so a page can use it without shipping the schemas.
 */

/** Concerts per page of GET /api/concerts, and the most one page may ask for. */
export const CONCERT_PAGE_SIZE = 24;
export const CONCERT_PAGE_MAX = 100;
export const CONCERT_SEARCH_MAX = 100;
/** The longest concert id the API accepts (ours are uuids; providers' are prefixed). */
export const CONCERT_ID_MAX = 200;
/** The most reviews one page may ask for. */
export const REVIEW_PAGE_MAX = 100;

/** Ids of concerts that come from Ticketmaster and setlist.fm until someone saves one. */
export const TICKETMASTER_ID_PREFIX = 'tm_';
export const SETLISTFM_ID_PREFIX = 'sfm_';
