import { userFollowersPath, userFollowingPath, userPath } from '#client/config/paths';

/** What a person's pages are addressed by: their username, else their id. */
export const profileSegment = (user: { id: string; username: string | null }) =>
  user.username ?? user.id;

export const profileHref = (user: { id: string; username: string | null }) =>
  userPath(profileSegment(user));
export const followersHref = (user: { id: string; username: string | null }) =>
  userFollowersPath(profileSegment(user));
export const followingHref = (user: { id: string; username: string | null }) =>
  userFollowingPath(profileSegment(user));
