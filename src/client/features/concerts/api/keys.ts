/** The parameters of GET /api/concerts that pick a list (its filters, not its paging). */
export type ConcertListFilters = Readonly<Record<string, string>>;

/** Query keys of the concerts feature: lists and single concerts never share a key. */
export const concertKeys = {
  all: ['concerts'] as const,
  lists: () => [...concertKeys.all, 'list'] as const,
  list: (filters: ConcertListFilters) => [...concertKeys.lists(), filters] as const,
  details: () => [...concertKeys.all, 'detail'] as const,
  detail: (id: string) => [...concertKeys.details(), id] as const,
  /** The people the viewer follows who marked the concert ("Friends going"). */
  friends: (id: string) => [...concertKeys.all, 'friends', id] as const,
  /** The viewer's own marks on a page of concert cards. */
  marks: () => [...concertKeys.all, 'marks'] as const,
  marksOf: (ids: readonly string[]) => [...concertKeys.marks(), ids] as const,
  /** The viewer's "Going" shows still to come. */
  going: () => [...concertKeys.marks(), 'going'] as const,
};
