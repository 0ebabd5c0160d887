/**
 * Lists the server sends newest first, a page at a time: each page asks for `limit` items
 * `before` the id of the last one held, and a page shorter than `limit` is the last.
 */

/** The search of one page: the list's own filters, then `limit`, then `before` once paging on. */
export function pageSearch(
  limit: number,
  before: string | undefined,
  filters: Record<string, string> = {},
): URLSearchParams {
  const search = new URLSearchParams({ ...filters, limit: String(limit) });
  if (before) search.set('before', before);
  return search;
}

/** The search of one page of a list the server pages by its own cursor. */
export function cursorSearch(
  limit: number,
  cursor: string | undefined,
  filters: Record<string, string> = {},
): URLSearchParams {
  const search = new URLSearchParams({ ...filters, limit: String(limit) });
  if (cursor) search.set('cursor', cursor);
  return search;
}

/**
 * The paging of an infinite query over such a list: the newest page first, then after the
 * last id. A page that carries more than its items (a count beside them) says where they are
 * in `itemsOf`.
 */
export function pagesBeforeLastId<Page = readonly { id: string }[]>(
  limit: number,
  itemsOf: (page: Page) => readonly { id: string }[] = (page) => page as readonly { id: string }[],
) {
  return {
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page: Page) => {
      const items = itemsOf(page);
      return items.length < limit ? undefined : items.at(-1)?.id;
    },
  };
}
