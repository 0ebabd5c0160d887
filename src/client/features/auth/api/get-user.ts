import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CurrentUser } from '#shared/schemas/users';
import { getQueryFn } from '../../../lib/api';
import { FRESH_FOR_MS } from '../../../lib/query';
import { authKeys } from './keys';

/** GET /api/user. A 401 means "nobody is signed in": it resolves to null instead of failing. */
export const currentUserQueryOptions = queryOptions({
  queryKey: authKeys.currentUser,
  queryFn: getQueryFn<CurrentUser>('/api/user', { on401: 'returnNull' }),
  staleTime: FRESH_FOR_MS.own,
});

export function useAuth(): {
  user: CurrentUser | null;
  isLoading: boolean;
  isAuthenticated: boolean;
} {
  const { data, isLoading } = useQuery(currentUserQueryOptions);
  const user = data ?? null;
  return { user, isLoading, isAuthenticated: user !== null };
}
