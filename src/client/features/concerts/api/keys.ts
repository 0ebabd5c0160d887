/** Query keys of the concerts feature: lists and single concerts never share a key. */
export const concertKeys = {
  all: ['concerts'] as const,
  lists: () => [...concertKeys.all, 'list'] as const,
  /** `filters` is the filter part of the list's query string. */
  list: (filters: string) => [...concertKeys.lists(), filters] as const,
  details: () => [...concertKeys.all, 'detail'] as const,
  detail: (id: string) => [...concertKeys.details(), id] as const,
};
