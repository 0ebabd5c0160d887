import { QueryClient } from '@tanstack/react-query';
import { QUERY_CACHE_TIME_MS } from '#shared/limits';
import { getQueryFn } from './api';

/**
 * Spec §4: data never goes stale on its own, no refetch on focus, no polling, no retries.
 * Fresh data comes from explicit invalidation after mutations, keyed by API path.
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      queryFn: getQueryFn({ on401: 'throw' }),
      staleTime: Infinity,
      gcTime: QUERY_CACHE_TIME_MS,
      refetchOnWindowFocus: false,
      refetchInterval: false,
      retry: false,
    },
    mutations: {
      retry: false,
    },
  },
});
