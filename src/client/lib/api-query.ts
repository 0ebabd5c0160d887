import {
  infiniteQueryOptions,
  queryOptions,
  useInfiniteQuery,
  useQuery,
  type QueryKey,
  type InfiniteData,
} from '@tanstack/react-query';
import { api, type Search } from './api';
import { cursorSearch, pageSearch, pagesBeforeLastId } from './pages';

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
 * The answer of a GET, or null where `nullWhen` says a refusal means "there is none" (a 401 of
 * GET /api/user: nobody is signed in) rather than a failure.
 */
async function getOrNull<Data>(
  answer: Promise<Data>,
  nullWhen: ((error: unknown) => boolean) | undefined,
): Promise<Data | null> {
  try {
    return await answer;
  } catch (error) {
    if (nullWhen?.(error)) return null;
    throw error;
  }
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
 * query options, which routes reuse to prefetch, and the hook. A hook that adds `enabled`,
 * `select` or `placeholderData` spreads `options(…)` into `useQuery` itself. `nullWhen` makes
 * the refusals it names answer null (`Data` then includes null).
 */
export function apiQuery<Data, Args extends unknown[] = []>(
  spec: ApiQuerySpec<Args, Data> & { nullWhen?: (error: unknown) => boolean },
) {
  const options = (...args: Args) =>
    queryOptions({
      queryKey: spec.key(...args),
      queryFn: ({ signal }) => {
        const answer = api.get<Data>(spec.path(...args), {
          search: spec.search?.(...args),
          signal,
        });
        return spec.nullWhen ? (getOrNull(answer, spec.nullWhen) as Promise<Data>) : answer;
      },
      ...timing(spec),
    });
  const useApiQuery = (...args: Args) => useQuery(options(...args));
  return { options, use: useApiQuery };
}

/**
 * The template of a list the server sends newest first, `limit` items a page, each page after
 * the last id held (lib/pages.ts); `filters` are the list's own search parameters. A page is
 * the items themselves, or (`Page`) an answer holding them beside more, found by `itemsOf`.
 */
export function apiPages<Item extends { id: string }, Args extends unknown[] = [], Page = Item[]>(
  spec: Omit<ApiQuerySpec<Args, InfiniteData<Page, string | undefined>>, 'search'> & {
    limit: number;
    filters?: (...args: Args) => Record<string, string>;
    itemsOf?: (page: Page) => readonly Item[];
    /**
     * For a list the server pages itself (a ranking): where the next page starts, its
     * `nextCursor`, sent back as `cursor`; null on the last page.
     */
    nextCursor?: (page: Page) => string | null;
  },
) {
  const { nextCursor } = spec;
  const options = (...args: Args) =>
    infiniteQueryOptions({
      queryKey: spec.key(...args),
      queryFn: ({ pageParam, signal }) =>
        api.get<Page>(spec.path(...args), {
          search: nextCursor
            ? cursorSearch(spec.limit, pageParam, spec.filters?.(...args))
            : pageSearch(spec.limit, pageParam, spec.filters?.(...args)),
          signal,
        }),
      ...(nextCursor
        ? {
            initialPageParam: undefined as string | undefined,
            getNextPageParam: (page: Page) => nextCursor(page) ?? undefined,
          }
        : pagesBeforeLastId<Page>(spec.limit, spec.itemsOf)),
      ...timing(spec),
    });
  const useApiPages = (...args: Args) => useInfiniteQuery(options(...args));
  return { options, use: useApiPages };
}
