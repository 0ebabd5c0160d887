import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  SEARCH_PAGE_DEFAULT,
  type SearchGroups,
  type SearchPage,
  type SearchType,
} from '#shared/schemas/search';
import { apiPages, apiQuery } from '#client/lib/api-query';
import { FRESH_FOR_MS } from '#client/lib/query';
import { searchKeys } from './keys';

/** Whether a text can be searched for: the server wants a letter or a digit in it. */
export const isSearchable = (text: string) => /[\p{L}\p{N}]/u.test(text);

/** GET /api/search?q=: the first few artists, venues, concerts and people. */
export const { options: searchSuggestionsQueryOptions } = apiQuery<SearchGroups, [text: string]>({
  key: searchKeys.suggestions,
  path: () => '/search',
  search: (text) => ({ q: text }),
  staleTime: FRESH_FOR_MS.shared,
});

/**
 * The suggestions for what is typed (already settled). While the next answer is on its way
 * the last one stays, so the list does not flicker; an answer no longer wanted is cancelled
 * (its query has nobody left to watch it), so at most one is in flight.
 */
export function useSearchSuggestions(text: string) {
  return useQuery({
    ...searchSuggestionsQueryOptions(text),
    enabled: isSearchable(text),
    placeholderData: keepPreviousData,
  });
}

type Hit = SearchPage['items'][number];

/** GET /api/search?q=&type=: one group, SEARCH_PAGE_DEFAULT a page, paged by the server's cursor. */
export const { options: searchGroupQueryOptions, use: useSearchGroup } = apiPages<
  Hit,
  [text: string, type: SearchType],
  SearchPage
>({
  key: searchKeys.group,
  path: () => '/search',
  filters: (text, type) => ({ q: text, type }),
  limit: SEARCH_PAGE_DEFAULT,
  itemsOf: (page) => page.items,
  nextCursor: (page) => page.nextCursor,
  staleTime: FRESH_FOR_MS.shared,
});
