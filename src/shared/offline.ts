/**
 * What the service worker (src/client/sw/sw.ts) and the page agree on about what is kept
 * for offline use. The app's code is precached by the build; pages and API answers a person
 * saw are kept in the runtime caches below, which hold that person's data: the page clears
 * them when they sign out or delete their account, and when another account signs in.
 */
export const OFFLINE_CACHES = {
  pages: 'encore-pages',
  answers: 'encore-answers',
  media: 'encore-media',
} as const;

/** Set by the service worker on an answer it took from its cache: when it was saved (ISO). */
export const SAVED_AT_HEADER = 'x-encore-saved-at';

/**
 * API reads never kept: a live stream, what changes the session, and downloads that are
 * large or a person's whole data.
 */
export const UNCACHED_API_PATHS: readonly RegExp[] = [
  /^\/api\/events$/,
  /^\/api\/log(?:in|out)$/,
  /^\/api\/users\/me\/export$/,
  /^\/api\/push\//,
  /^\/api\/calendar\//,
  /\.ics$/,
];

/** The message a page sends a waiting service worker to take over (workbox-window's). */
export const SKIP_WAITING = 'SKIP_WAITING';
