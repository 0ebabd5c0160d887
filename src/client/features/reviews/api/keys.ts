export type TimelineTab = 'following' | 'trending';

/** Query keys of the reviews feature: reviews have their own root, not the concert's. */
export const reviewKeys = {
  all: ['reviews'] as const,
  /** Every list of reviews: a concert's, the timeline's, a person's. */
  lists: () => [...reviewKeys.all, 'list'] as const,
  byConcert: (concertId: string) => [...reviewKeys.lists(), 'concert', concertId] as const,
  byUser: (userId: string) => [...reviewKeys.lists(), 'user', userId] as const,
  /** The first few of a person's reviews (a profile's Recent Reviews). */
  recentByUser: (userId: string) => [...reviewKeys.byUser(userId), 'recent'] as const,
  /** One review, under the lists so whatever refreshes them (a like, an edit) refreshes it. */
  one: (reviewId: string) => [...reviewKeys.lists(), 'one', reviewId] as const,
  /** Which of these concerts the person reviewed: under theirs, so a review written refreshes it. */
  reviewedConcerts: (userId: string, concertIds: readonly string[]) =>
    [...reviewKeys.byUser(userId), 'reviewed', { concertIds }] as const,
  /** The timeline's tabs: reviews of the people the viewer follows, and Trending. */
  timelines: () => [...reviewKeys.lists(), 'timeline'] as const,
  timeline: (tab: TimelineTab) => [...reviewKeys.timelines(), tab] as const,
  /** A concert's setlist with its highlight counts, which reviews change. */
  setlist: (concertId: string) => [...reviewKeys.all, 'setlist', concertId] as const,
  /** Every review's comments, and one review's. */
  allComments: () => [...reviewKeys.all, 'comments'] as const,
  comments: (reviewId: string) => [...reviewKeys.allComments(), reviewId] as const,
  /** A person's numbers (reviews, average, likes and comments received). */
  stats: (userId: string) => [...reviewKeys.all, 'stats', userId] as const,
  /** Past concerts of an artist, offered by the review dialog. */
  pastConcerts: (artistName: string) =>
    [...reviewKeys.all, 'past-concerts', { artistName }] as const,
};
