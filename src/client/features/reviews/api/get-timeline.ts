import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { Review } from '#shared/schemas/reviews';
import { TIMELINE_LIMIT } from '#shared/limits';
import { api } from '#client/lib/api';
import { pageSearch, pagesBeforeLastId } from '#client/lib/pages';
import { FRESH_FOR_MS } from '#client/lib/query';
import { refetchWhileProcessing } from '../lib/media-processing';
import { reviewKeys, type TimelineTab } from './keys';

/** What each tab asks GET /api/reviews for. */
const TAB_QUERY: Record<TimelineTab, Record<string, string>> = {
  following: { feed: 'following' },
  trending: { sort: 'rating' },
};

/** GET /api/reviews: one page of a timeline tab, after `before`. */
export function getTimelinePage(
  tab: TimelineTab,
  before: string | undefined,
  signal?: AbortSignal,
): Promise<Review[]> {
  return api.get<Review[]>('/reviews', {
    search: pageSearch(TIMELINE_LIMIT, before, TAB_QUERY[tab]),
    signal,
  });
}

/** One timeline tab, TIMELINE_LIMIT reviews a page, each page continuing after the last. */
export function timelineQueryOptions(tab: TimelineTab) {
  return infiniteQueryOptions({
    queryKey: reviewKeys.timeline(tab),
    queryFn: ({ pageParam, signal }) => getTimelinePage(tab, pageParam, signal),
    ...pagesBeforeLastId(TIMELINE_LIMIT),
    staleTime: FRESH_FOR_MS.shared,
    refetchInterval: refetchWhileProcessing,
  });
}

export function useTimeline(tab: TimelineTab) {
  return useInfiniteQuery(timelineQueryOptions(tab));
}
