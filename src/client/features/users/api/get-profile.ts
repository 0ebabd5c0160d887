import type { UserProfile } from '#shared/schemas/users';
import { apiQuery } from '#client/lib/api-query';
import { userKeys, type ProfileRef } from './keys';

/** A user id: links to people without a username carry it in place of the username. */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * What a /users/{username} segment names. A uuid cannot be a username (those are at most 30
 * characters), so it is an id.
 */
export function profileRefFromSegment(segment: string): ProfileRef {
  return UUID.test(segment)
    ? { by: 'id', value: segment.toLowerCase() }
    : { by: 'username', value: segment.toLowerCase() };
}

function profilePath(ref: ProfileRef): string {
  const value = encodeURIComponent(ref.value);
  return ref.by === 'id' ? `/users/${value}` : `/users/username/${value}`;
}

/**
 * GET /api/users/{id} or /api/users/username/{username}. A profile's numbers move with what
 * others do (follows) and with the person's reviews, written through other features, so it is
 * asked again each time a page shows it; the cached one shows meanwhile.
 */
export const { options: profileQueryOptions, use: useProfile } = apiQuery<
  UserProfile,
  [ref: ProfileRef]
>({ key: userKeys.profile, path: profilePath, staleTime: 0 });

export { isForbidden } from '#client/lib/api';
