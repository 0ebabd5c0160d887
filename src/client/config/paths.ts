/** Every client route of docs/product.md §2, as wouter patterns, and builders for links to them. */
export const paths = {
  landing: '/',
  auth: '/auth',
  discover: '/discover',
  concert: '/concerts/:id',
  artist: '/artists/:id',
  venue: '/venues/:id',
  rankings: '/rankings',
  timeline: '/timeline',
  searchUsers: '/search-users',
  reviews: '/reviews',
  review: '/reviews/:id',
  wishlist: '/wishlist',
  diary: '/diary',
  userFollowers: '/users/:username/followers',
  userFollowing: '/users/:username/following',
  userYear: '/users/:username/year/:year',
  user: '/users/:username',
  profileByUsername: '/profile/:username',
  profileYear: '/profile/year/:year',
  profile: '/profile',
  notifications: '/notifications',
  settings: '/settings',
  help: '/help',
  /** A mail's unsubscribe link: a page with one button, for anyone holding the link. */
  unsubscribe: '/unsubscribe/:token',
  /** The link of "Verify your e-mail": a page whose button verifies, for anyone holding it. */
  verifyEmail: '/verify-email/:token',
  /** The one search's results: `?q=` the text, `&type=` one group. */
  search: '/search',
} as const;

/** A link to the page of `pattern`, each :name filled in as one escaped path segment. */
export function pathTo(pattern: string, params: Record<string, string>): string {
  return pattern.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(params[name] ?? ''));
}

export const concertPath = (id: string) => pathTo(paths.concert, { id });
export const artistPath = (id: string) => pathTo(paths.artist, { id });
export const venuePath = (id: string) => pathTo(paths.venue, { id });
export const reviewPath = (id: string) => pathTo(paths.review, { id });
export const profileYearPath = (year: number) => pathTo(paths.profileYear, { year: String(year) });
export const userYearPath = (username: string, year: number) =>
  pathTo(paths.userYear, { username, year: String(year) });
export const userPath = (username: string) => pathTo(paths.user, { username });
/** What a person's pages are addressed by: their username, else their id. */
export const profileSegment = (user: { id: string; username: string | null }) =>
  user.username ?? user.id;
/** A person's profile page. */
export const profileHref = (user: { id: string; username: string | null }) =>
  userPath(profileSegment(user));
export const userFollowersPath = (username: string) => pathTo(paths.userFollowers, { username });
export const userFollowingPath = (username: string) => pathTo(paths.userFollowing, { username });

/** True when `location` is `href` itself or a page nested under it. */
export function isActivePath(location: string, href: string): boolean {
  if (href === '/') return location === '/';
  return location === href || location.startsWith(`${href}/`);
}
