import type { ReviewSort } from '#shared/schemas/reviews';

export type TimelineTab = 'following' | 'trending';

/** Query keys of the reviews feature: reviews have their own root, not the concert's. */
export const reviewKeys = {
  all: ['reviews'] as const,
  /** Every list of reviews: a concert's, the timeline's, a person's. */
  lists: () => [...reviewKeys.all, 'list'] as const,
  byConcert: (concertId: string) => [...reviewKeys.lists(), 'concert', concertId] as const,
  feed: (sort: ReviewSort) => [...reviewKeys.lists(), 'feed', sort] as const,
  byUser: (userId: string) => [...reviewKeys.lists(), 'user', userId] as const,
  /** The first few of a person's reviews (a profile's Recent Reviews). */
  recentByUser: (userId: string) => [...reviewKeys.byUser(userId), 'recent'] as const,
  /** The timeline's tabs: reviews of the people the viewer follows, and Trending. */
  timeline: (tab: TimelineTab) => [...reviewKeys.lists(), 'timeline', tab] as const,
  detail: (id: string) => [...reviewKeys.all, 'detail', id] as const,
  /** A concert's setlist with its highlight counts, which reviews change. */
  setlist: (concertId: string) => [...reviewKeys.all, 'setlist', concertId] as const,
  likes: (id: string) => [...reviewKeys.all, 'likes', id] as const,
  comments: (id: string) => [...reviewKeys.all, 'comments', id] as const,
  /** A person's numbers (reviews, average, likes and comments received). */
  stats: (userId: string) => [...reviewKeys.all, 'stats', userId] as const,
};
