import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { ConcertListItem } from '#shared/schemas/concerts';
import { api } from '#client/lib/api';
import { FRESH_FOR_MS } from '#client/lib/query';
import { CONCERTS_PAGE_SIZE, concertsPageSearch } from '../lib/discover-filters';
import { concertKeys } from './keys';

/** One page of GET /api/concerts; `query` is the filter part (see concertsQuery). */
export function getConcerts(
  query: string,
  offset: number,
  signal?: AbortSignal,
): Promise<ConcertListItem[]> {
  return api.get<ConcertListItem[]>('/concerts', {
    search: concertsPageSearch(query, offset),
    signal,
  });
}

/** The offset of the page after `pages`, or undefined when the last page was not full. */
export function nextConcertsOffset(pages: readonly ConcertListItem[][]): number | undefined {
  const last = pages.at(-1);
  if (!last || last.length < CONCERTS_PAGE_SIZE) return undefined;
  return pages.reduce((count, page) => count + page.length, 0);
}

/**
 * Offset paging, 24 concerts a page, one cache entry per set of filters: the key holds them
 * as an object, so the same filters in another order are the same list.
 */
export function concertsInfiniteQueryOptions(query: string) {
  return infiniteQueryOptions({
    queryKey: concertKeys.list(Object.fromEntries(new URLSearchParams(query))),
    staleTime: FRESH_FOR_MS.shared,
    queryFn: ({ pageParam, signal }) => getConcerts(query, pageParam, signal),
    initialPageParam: 0,
    getNextPageParam: (_lastPage, allPages) => nextConcertsOffset(allPages),
  });
}

export function useConcerts(query: string) {
  return useInfiniteQuery(concertsInfiniteQueryOptions(query));
}
