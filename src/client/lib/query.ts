import { QueryClient } from '@tanstack/react-query';
import { QUERY_CACHE_TIME_MS } from '#shared/limits';

/**
 * How long each kind of data is taken as fresh before a component that mounts asks again.
 * A person's own data changes through their own mutations, which invalidate it at once;
 * what others write (concerts, reviews, counts) is asked for again after half a minute.
 */
export const FRESH_FOR_MS = {
  /** The signed-in user, their wishlist: changed by their own actions only. */
  own: 5 * 60 * 1000,
  /** Concert lists and pages, reviews, unread counts: others change them. */
  shared: 30 * 1000,
  /** Community rankings: slow-moving aggregates. */
  rankings: 5 * 60 * 1000,
} as const;

/**
 * docs/product.md §4: no refetch on focus, no polling, no retries. Each feature's query options say
 * how long their data stays fresh (FRESH_FOR_MS); mutations name the keys they invalidate.
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: FRESH_FOR_MS.shared,
      gcTime: QUERY_CACHE_TIME_MS,
      refetchOnWindowFocus: false,
      refetchInterval: false,
      retry: false,
      // Offline, a read still goes out once: the service worker may answer it from what it
      // kept (src/client/sw/sw.ts). TanStack's default would hold it until the network is back.
      networkMode: 'offlineFirst',
    },
    mutations: {
      retry: false,
      // Offline, a write fails at once and says so (api-mutation.ts) rather than waiting
      // unseen for the network.
      networkMode: 'always',
    },
  },
});
