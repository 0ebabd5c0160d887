import { useInfiniteQuery } from '@tanstack/react-query';
import type { Review } from '#shared/schemas/reviews';
import { TIMELINE_LIMIT } from '#shared/limits';
import { apiRequest, readJson } from '../../../lib/api';
import { FRESH_FOR_MS } from '../../../lib/query';
import { reviewKeys, type TimelineTab } from './keys';

/** What each tab asks GET /api/reviews for. */
const TAB_QUERY: Record<TimelineTab, Record<string, string>> = {
  following: { feed: 'following' },
  trending: { sort: 'rating' },
};

export async function getTimelinePage(
  tab: TimelineTab,
  before: string | undefined,
  signal?: AbortSignal,
): Promise<Review[]> {
  const query = new URLSearchParams({ ...TAB_QUERY[tab], limit: String(TIMELINE_LIMIT) });
  if (before) query.set('before', before);
  return readJson<Review[]>(
    await apiRequest('GET', `/api/reviews?${query}`, undefined, { signal }),
  );
}

/** One timeline tab, TIMELINE_LIMIT reviews a page, each page continuing after the last. */
export function useTimeline(tab: TimelineTab) {
  return useInfiniteQuery({
    queryKey: reviewKeys.timeline(tab),
    queryFn: ({ pageParam, signal }) => getTimelinePage(tab, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) =>
      page.length < TIMELINE_LIMIT ? undefined : page[page.length - 1]?.id,
    staleTime: FRESH_FOR_MS.shared,
  });
}
