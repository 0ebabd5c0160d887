/** Query keys of the users feature: profiles, people lists, search and concert history. */
export const userKeys = {
  all: ['users'] as const,
  /** A profile, by the id or the username the page was opened with. */
  profile: (ref: ProfileRef) => [...userKeys.all, 'profile', ref.by, ref.value] as const,
  search: (term: string) => [...userKeys.all, 'search', term] as const,
  followers: (userId: string) => [...userKeys.all, 'followers', userId] as const,
  following: (userId: string) => [...userKeys.all, 'following', userId] as const,
  /** Past concerts the person reviewed; `recent` is the overview's first few. */
  history: (userId: string) => [...userKeys.all, 'history', userId] as const,
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
