import { useQuery } from '@tanstack/react-query';
import type { CurrentUser } from '#shared/schemas/users';
import { isUnauthorized } from '#client/lib/api';
import { apiQuery } from '#client/lib/api-query';
import { FRESH_FOR_MS } from '#client/lib/query';
import { authKeys } from './keys';

/** How often the signed-in person is asked for again while their new picture is processed. */
const PICTURE_REFETCH_MS = 2000;

/**
 * GET /api/user. A 401 means "nobody is signed in": it answers null instead of failing. A
 * picture chosen while the server still processes it shows once it is ready: only then is the
 * person asked for again every couple of seconds (docs/product.md §4 has no polling otherwise).
 */
const currentUser = apiQuery<CurrentUser | null>({
  key: () => authKeys.currentUser,
  path: () => '/user',
  nullWhen: isUnauthorized,
  staleTime: FRESH_FOR_MS.own,
  refetchInterval: (query) => (query.state.data?.profileImagePending ? PICTURE_REFETCH_MS : false),
});

/**
 * When the person cannot be read at all (offline with nothing kept, the server out of
 * reach), pages open signed out. A page mounting then must not ask again: asking puts the
 * route guards back to their spinner, which unmounts the page, which mounts again and asks
 * again, without end. The person is asked for again when the network comes back.
 */
export const currentUserQueryOptions = () => ({ ...currentUser.options(), retryOnMount: false });
export const useCurrentUser = () => useQuery(currentUserQueryOptions());

export function useAuth(): {
  user: CurrentUser | null;
  isLoading: boolean;
  isAuthenticated: boolean;
} {
  const { data, isLoading } = useCurrentUser();
  const user = data ?? null;
  return { user, isLoading, isAuthenticated: user !== null };
}
