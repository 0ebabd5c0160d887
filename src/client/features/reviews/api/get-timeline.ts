import type { Review } from '#shared/schemas/reviews';
import { TIMELINE_LIMIT } from '#shared/limits';
import { apiPages } from '#client/lib/api-query';
import { FRESH_FOR_MS } from '#client/lib/query';
import { refetchWhileProcessing } from '../lib/media-processing';
import { reviewKeys, type TimelineTab } from './keys';

/** What each tab asks GET /api/reviews for. */
const TAB_QUERY: Record<TimelineTab, Record<string, string>> = {
  following: { feed: 'following' },
  trending: { sort: 'rating' },
};

/** GET /api/reviews: one timeline tab, TIMELINE_LIMIT reviews a page, each page continuing after the last. */
export const { options: timelineQueryOptions, use: useTimeline } = apiPages<
  Review,
  [tab: TimelineTab]
>({
  key: reviewKeys.timeline,
  path: () => '/reviews',
  filters: (tab) => TAB_QUERY[tab],
  limit: TIMELINE_LIMIT,
  staleTime: FRESH_FOR_MS.shared,
  refetchInterval: refetchWhileProcessing,
});
