/** Query keys of the users feature: profiles, people lists, search and concert history. */
export const userKeys = {
  all: ['users'] as const,
  /** Every profile, and one by the id or the username the page was opened with. */
  profiles: () => [...userKeys.all, 'profile'] as const,
  profile: (ref: ProfileRef) => [...userKeys.profiles(), ref] as const,
  searches: () => [...userKeys.all, 'search'] as const,
  search: (term: string) => [...userKeys.searches(), { term }] as const,
  /** Find Friends' "Suggested for you": under searches, so what refreshes a search refreshes it. */
  suggestions: () => [...userKeys.searches(), 'suggestions'] as const,
  /** Everyone's followers and following lists, and one person's. */
  followLists: () => [...userKeys.all, 'follow-list'] as const,
  followList: (userId: string, kind: FollowListKind) =>
    [...userKeys.followLists(), { userId, kind }] as const,
  /** Everyone's followed artists (a profile's "Artists"), and one person's. */
  followedArtistLists: () => [...userKeys.all, 'artists'] as const,
  followedArtists: (userId: string) => [...userKeys.followedArtistLists(), userId] as const,
  /** Past concerts a person reviewed; `recent` is the overview's first few. */
  histories: () => [...userKeys.all, 'history'] as const,
  history: (userId: string) => [...userKeys.histories(), userId] as const,
  recentHistory: (userId: string) => [...userKeys.history(userId), 'recent'] as const,
  /** The people the viewer blocked (Settings). */
  blocks: () => [...userKeys.all, 'blocks'] as const,
  /** Whether the viewer muted the person. */
  mute: (userId: string) => [...userKeys.all, 'mute', userId] as const,
  /** The people the viewer muted (Settings). */
  muted: () => [...userKeys.all, 'muted'] as const,
  /** The people waiting for the viewer's answer to their follow request. */
  followRequests: () => [...userKeys.all, 'follow-requests'] as const,
};

/** How a profile is looked up: by id (own profile, links without a username) or username. */
export type ProfileRef = { by: 'id'; value: string } | { by: 'username'; value: string };

export type FollowListKind = 'followers' | 'following';
