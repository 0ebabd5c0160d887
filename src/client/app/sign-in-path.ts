import { returnPathOrNone } from '#shared/return-path';
import { paths } from '../config/paths';

/** /auth, saying where to go once signed in (the page asked for, with its query). */
export function signInPathFor(location: string, search: string): string {
  const next = returnPathOrNone(search ? `${location}?${search}` : location);
  return next && next !== paths.landing
    ? `${paths.auth}?next=${encodeURIComponent(next)}`
    : paths.auth;
}

/** Where a signed-in person goes from a signed-out page: the `next` it names, else Discover. */
export function afterSignInPath(search: string): string {
  return returnPathOrNone(new URLSearchParams(search).get('next')) ?? paths.discover;
}
