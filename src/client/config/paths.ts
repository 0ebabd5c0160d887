/** Every client route of spec §2, as wouter patterns, and builders for links to them. */
export const paths = {
  landing: '/',
  auth: '/auth',
  discover: '/discover',
  concert: '/concerts/:id',
  timeline: '/timeline',
  searchUsers: '/search-users',
  reviews: '/reviews',
  wishlist: '/wishlist',
  userFollowers: '/users/:username/followers',
  userFollowing: '/users/:username/following',
  user: '/users/:username',
  profileByUsername: '/profile/:username',
  profile: '/profile',
  notifications: '/notifications',
  settings: '/settings',
} as const;

const segment = (value: string) => encodeURIComponent(value);

export const concertPath = (id: string) => `/concerts/${segment(id)}`;
export const userPath = (username: string) => `/users/${segment(username)}`;
export const userFollowersPath = (username: string) => `/users/${segment(username)}/followers`;
export const userFollowingPath = (username: string) => `/users/${segment(username)}/following`;

/** True when `location` is `href` itself or a page nested under it. */
export function isActivePath(location: string, href: string): boolean {
  if (href === '/') return location === '/';
  return location === href || location.startsWith(`${href}/`);
}
