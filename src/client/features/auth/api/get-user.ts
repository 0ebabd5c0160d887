import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CurrentUser } from '#shared/schemas/users';
import { getQueryFn } from '../../../lib/api';

export const currentUserQueryKey = ['/api/user'] as const;

/** A 401 means "nobody is signed in": it resolves to null instead of failing. */
export const currentUserQueryOptions = queryOptions({
  queryKey: currentUserQueryKey,
  queryFn: getQueryFn<CurrentUser>({ on401: 'returnNull' }),
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
