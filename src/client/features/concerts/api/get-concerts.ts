import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import {
  parseTotalCount,
  PROVIDERS_SKIPPED_HEADER,
  TOTAL_COUNT_HEADER,
  type ConcertListItem,
} from '#shared/schemas/concerts';
import { api } from '#client/lib/api';
import { FRESH_FOR_MS } from '#client/lib/query';
import { CONCERTS_PAGE_SIZE, concertsPageSearch } from '../lib/discover-filters';
import { concertKeys } from './keys';

/**
 * One page of the list, whether Ticketmaster's events were left out of it for now, and how
 * many concerts the filters find over all pages (null when the server did not say).
 */
export interface ConcertsPage {
  concerts: ConcertListItem[];
  ticketmasterLeftOut: boolean;
  total: { count: number; more: boolean } | null;
}

/** One page of GET /api/concerts; `query` is the filter part (see concertsQuery). */
export async function getConcerts(
  query: string,
  offset: number,
  signal?: AbortSignal,
): Promise<ConcertsPage> {
  const { body, headers } = await api.getWithHeaders<ConcertListItem[]>('/concerts', {
    search: concertsPageSearch(query, offset),
    signal,
  });
  const skipped = headers.get(PROVIDERS_SKIPPED_HEADER)?.split(',') ?? [];
  return {
    concerts: body,
    ticketmasterLeftOut: skipped.some((name) => name.trim() === 'ticketmaster'),
    total: parseTotalCount(headers.get(TOTAL_COUNT_HEADER)),
  };
}

/** The offset of the page after `pages`, or undefined when the last page was not full. */
export function nextConcertsOffset(pages: readonly ConcertsPage[]): number | undefined {
  const last = pages.at(-1);
  if (!last || last.concerts.length < CONCERTS_PAGE_SIZE) return undefined;
  return pages.reduce((count, page) => count + page.concerts.length, 0);
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
