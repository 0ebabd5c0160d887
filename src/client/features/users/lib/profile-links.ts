import {
  profileHref,
  profileSegment,
  userFollowersPath,
  userFollowingPath,
} from '#client/config/paths';

export { profileHref, profileSegment };

export const followersHref = (user: { id: string; username: string | null }) =>
  userFollowersPath(profileSegment(user));
export const followingHref = (user: { id: string; username: string | null }) =>
  userFollowingPath(profileSegment(user));
