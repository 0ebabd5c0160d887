import {
  infiniteQueryOptions,
  queryOptions,
  useInfiniteQuery,
  useQuery,
  type QueryKey,
  type InfiniteData,
} from '@tanstack/react-query';
import { api, type Search } from './api';
import { pageSearch, pagesBeforeLastId } from './pages';

/**
 * What a feature's GET of `Data` takes: the key from the feature's key factory, the path
 * under /api (and its search) from the same arguments, and how long the answer stays fresh.
 */
interface ApiQuerySpec<Args extends unknown[], Cached> {
  key: (...args: Args) => QueryKey;
  path: (...args: Args) => string;
  search?: (...args: Args) => Search;
  staleTime?: number;
  /** Polling, for the rare query that has it (docs/product.md §4). */
  refetchInterval?: (query: { state: { data: Cached | undefined } }) => number | false;
}

/**
 * The spec's freshness and polling, only where it names them: an option given as undefined
 * would take the place of the QueryClient's default.
 */
const timing = <Cached>({ staleTime, refetchInterval }: ApiQuerySpec<never, Cached>) => ({
  ...(staleTime === undefined ? {} : { staleTime }),
  ...(refetchInterval === undefined ? {} : { refetchInterval }),
});

/**
 * The template of a feature's GET (docs/architecture.md "One template per API file"): its
 * query options, which routes reuse to prefetch, and the hook. A hook that adds `enabled` or
 * `select` spreads `options(…)` into `useQuery` itself.
 */
export function apiQuery<Data, Args extends unknown[] = []>(spec: ApiQuerySpec<Args, Data>) {
  const options = (...args: Args) =>
    queryOptions({
      queryKey: spec.key(...args),
      queryFn: ({ signal }) =>
        api.get<Data>(spec.path(...args), { search: spec.search?.(...args), signal }),
      ...timing(spec),
    });
  const useApiQuery = (...args: Args) => useQuery(options(...args));
  return { options, use: useApiQuery };
}

/**
 * The template of a list the server sends newest first, `limit` items a page, each page after
 * the last id held (lib/pages.ts); `filters` are the list's own search parameters.
 */
export function apiPages<Item extends { id: string }, Args extends unknown[] = []>(
  spec: Omit<ApiQuerySpec<Args, InfiniteData<Item[], string | undefined>>, 'search'> & {
    limit: number;
    filters?: (...args: Args) => Record<string, string>;
  },
) {
  const options = (...args: Args) =>
    infiniteQueryOptions({
      queryKey: spec.key(...args),
      queryFn: ({ pageParam, signal }) =>
        api.get<Item[]>(spec.path(...args), {
          search: pageSearch(spec.limit, pageParam, spec.filters?.(...args)),
          signal,
        }),
      ...pagesBeforeLastId(spec.limit),
      ...timing(spec),
    });
  const useApiPages = (...args: Args) => useInfiniteQuery(options(...args));
  return { options, use: useApiPages };
}
