import type { QueryClient, QueryKey } from '@tanstack/react-query';
import type { Review } from '#shared/schemas/reviews';
import type { UserSettingsUpdate } from '#shared/schemas/users';
import { authKeys } from '../features/auth/api/keys';
import { catalogueKeys } from '../features/concerts/api/catalogue-keys';
import { concertKeys } from '../features/concerts/api/keys';
import { diaryKeys } from '../features/diary/api/keys';
import { notificationKeys } from '../features/notifications/api/keys';
import { reviewKeys } from '../features/reviews/api/keys';
import { settingsKeys } from '../features/settings/api/keys';
import { userKeys } from '../features/users/api/keys';
import { wishlistKeys } from '../features/wishlist/api/keys';
import { yearKeys } from '../features/years/api/keys';

/** The prefix of every key: for the rare write that changes what nearly every list shows. */
export const EVERYTHING: QueryKey = [];

/**
 * Which cached data each write makes stale: one entry per write, naming the keys (from the
 * features' key factories; a key stands for every key that starts with it) to ask for again
 * once the write is done. Writes that change data of another feature say so here, so features
 * stay apart and nothing depends on a provider being mounted.
 *
 * The key factories import nothing, so this map loads no feature code. Every write is a
 * `useApiMutation` (lib/api-mutation.ts) naming its entry here, which asks for it again once
 * the server has answered; what a write shows ahead of the server (an optimistic heart, a list
 * without the removed row) is its spec's `optimistic` patches. An empty entry is a decision:
 * the write's answer is all that changes on screen.
 */
export const refreshes = {
  /** A review written, edited or deleted: every list that can hold it, and what its numbers feed. */
  reviewWritten: (review: Pick<Review, 'concertId' | 'userId'>) => [
    reviewKeys.byConcert(review.concertId),
    reviewKeys.timelines(),
    reviewKeys.byUser(review.userId),
    reviewKeys.stats(review.userId),
    reviewKeys.setlist(review.concertId),
    concertKeys.detail(review.concertId),
    concertKeys.lists(),
    userKeys.profiles(),
    userKeys.history(review.userId),
  ],
  /** Like counts show in every list of reviews. */
  reviewLiked: (_reviewId: string) => [reviewKeys.lists()],
  /** The review's comments, and the comment counts every list of reviews shows. */
  commentWritten: (reviewId: string) => [reviewKeys.comments(reviewId), reviewKeys.lists()],
  /**
   * Profiles, people lists and search results show who the viewer follows and how many follow
   * someone; a followed private person's history opens; their reviews join Following.
   */
  userFollowed: () => [
    userKeys.profiles(),
    userKeys.searches(),
    userKeys.followLists(),
    userKeys.histories(),
    reviewKeys.timeline('following'),
  ],
  /** The viewer's follower count and lists. */
  followerRemoved: () => [userKeys.profiles(), userKeys.followLists()],
  /** An approved request is a new follower; an answered one no longer waits in the badge. */
  followRequestAnswered: () => [
    userKeys.profiles(),
    userKeys.followLists(),
    notificationKeys.unreadCount(),
  ],
  /** A block hides reviews, comments, notices and people nearly everywhere: all of it. */
  blockChanged: () => [EVERYTHING],
  /** The muted list, and Following, which leaves out the muted. */
  muteChanged: () => [userKeys.muted(), reviewKeys.timeline('following')],
  artistFollowed: (artistId: string) => [catalogueKeys.artist(artistId)],
  wishlistChanged: () => [wishlistKeys.entries(), wishlistKeys.concerts()],
  /**
   * "Going" / "I was there": the concert's page holds the viewer's mark, concert cards read
   * the viewer's marks apart, and the page's "Friends going" is asked again beside it.
   */
  attendanceChanged: (concertId: string) => [
    concertKeys.detail(concertId),
    concertKeys.friends(concertId),
    concertKeys.marks(),
  ],
  /** Ticket details saved on a show of one's own diary: one's own diary shows them. */
  ticketSaved: () => [diaryKeys.of('me')],
  /**
   * "Did you go?" answered in the diary: the diary and its numbers, the concert's page, and
   * the profile's Concerts number.
   */
  didYouGoAnswered: (concertId: string) => [
    diaryKeys.all,
    concertKeys.detail(concertId),
    userKeys.profiles(),
  ],
  /** The imports list holds the new one, or the one already running that refused it (409). */
  diaryImportStarted: () => [diaryKeys.imports()],
  /** Nothing is written: a CSV file's preview only answers what the file would do. */
  csvImportPreviewed: () => [],
  /**
   * An import seen ended (done, or failed part way) by the page following it: the shows it
   * marked "I was there" join one's diary and its numbers, the profile's Concerts, the
   * concert pages and cards holding one's mark, and the years in review.
   */
  diaryImportEnded: () => [
    diaryKeys.of('me'),
    userKeys.profiles(),
    concertKeys.details(),
    concertKeys.marks(),
    yearKeys.all,
  ],
  /** The list shows the notices read already; the count is the server's. */
  notificationsRead: () => [notificationKeys.unreadCount()],
  /** A changed name, username or photo shows in the header, on profiles, people lists and reviews. */
  profileUpdated: () => [
    authKeys.currentUser,
    userKeys.profiles(),
    userKeys.searches(),
    userKeys.followLists(),
    reviewKeys.lists(),
    reviewKeys.allComments(),
  ],
  /**
   * The server's copy of the settings, which the switches showed ahead of it. A private profile
   * or hidden history changes what profiles show; the user carries isPrivate.
   */
  settingsSaved: (update: UserSettingsUpdate) => [
    ...(update.publicProfile === undefined && update.showConcertHistory === undefined
      ? [settingsKeys.mine()]
      : [settingsKeys.mine(), authKeys.currentUser, userKeys.profiles(), userKeys.histories()]),
    // One's own "Did you go?" ends at one's today, on the clock of one's time zone.
    ...(update.timeZone === undefined ? [] : [diaryKeys.of('me')]),
  ],
  /** The server's copy of the setting, which the switches showed ahead of it. */
  showAlertsSaved: () => [settingsKeys.showAlerts()],
  calendarFeedChanged: () => [],
  /** "Your devices", which showed it gone ahead of the server. */
  pushDeviceRemoved: () => [settingsKeys.pushDevices()],
  /** Push on this device: "Your devices", and the account's push switch it may have turned on. */
  pushHereChanged: () => [settingsKeys.pushDevices(), settingsKeys.mine()],
  /** The state of one's address is the answer itself (kept at once). */
  emailVerificationResent: () => [],
  /** A mail's unsubscribe link, followed from the page of no session: one's settings, if open. */
  unsubscribed: () => [settingsKeys.mine()],
  /** The mailed link's page, signed in or not: one's address shows verified, if it is open. */
  emailVerified: () => [settingsKeys.emailVerification()],
  /** Nothing anyone sees shows a report. */
  reportSent: () => [],
  /** The browser leaves for the sign-in page; the signed-in user is set to nobody at once. */
  loggedOut: () => [],
  /** The browser leaves; the page clears the cache. */
  accountDeleted: () => [],
} satisfies Record<string, (...args: never[]) => readonly QueryKey[]>;

export type Write = keyof typeof refreshes;

/** Asks again for everything cached under `keys` (on screen now, or once next shown). */
export async function refresh(queryClient: QueryClient, keys: readonly QueryKey[]): Promise<void> {
  await Promise.all(keys.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}
