import type { SearchType } from '#shared/schemas/search';

/** Query keys of the search feature. */
export const searchKeys = {
  all: ['search'] as const,
  /** The header's suggestions: the first few of each group. */
  suggestions: (text: string) => [...searchKeys.all, 'suggestions', text] as const,
  /** One group of the /search page, a page at a time. */
  group: (text: string, type: SearchType) => [...searchKeys.all, 'group', type, text] as const,
};
