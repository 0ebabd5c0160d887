import type { ImportSource } from '#shared/schemas/imports';
import type { Job } from '../jobs/kinds.ts';

/**
 * What a write changed, said in terms of what readers see. Services record changes inside
 * their transaction; before it commits, the changes plugin adds the jobs they call for
 * (fan-out, file removal) and tells other instances which cached reads to drop, in the
 * same transaction; after it commits, cached reads here drop and local workers wake.
 */
export type Change =
  /** A concert row appeared or changed (an import from a provider, an edit). */
  | { kind: 'concert'; concertId: string }
  /** A concert entered the catalogue from a provider: its artist's followers hear of it (a job). */
  | { kind: 'concert-announced'; concertId: string }
  /** Someone turned new-show alerts on or chose cities: their artists' shows are looked up now (a job). */
  | { kind: 'show-alerts-changed'; userId: string }
  /** A review, like or comment of a concert changed; `ratings` when its averages may have. */
  | { kind: 'concert-reviews'; concertId: string; ratings: boolean }
  /** A comment was added to or taken from a review, or the review is gone. */
  | { kind: 'review-comments'; reviewId: string }
  /** A person's name, picture or account changed, or they are gone. */
  | { kind: 'user'; userId: string }
  /** A review was posted: its author's followers hear of it (a job). */
  | { kind: 'review-posted'; reviewId: string }
  /** Someone followed or unfollowed an artist: the artist's follower count changed. */
  | { kind: 'artist-follows'; artistId: string }
  /** Someone followed someone: the followed person's reviews join the follower's timeline (a job). */
  | { kind: 'follow-added'; followerId: string; followingId: string }
  /** Stored files nothing refers to any more (a deleted review's photos): removed by a job. */
  | { kind: 'files-released'; keys: string[] }
  /** A file arrived and was kept as received: a job makes the files served from it. */
  | { kind: 'upload-received'; uploadId: string }
  /** Someone asked for a reset link of this local account: it is made and mailed by a job. */
  | { kind: 'password-reset-requested'; accountId: string }
  /** A person's address wants verifying (a new account, or "Resend"): a job mails the link. */
  | { kind: 'email-verification-requested'; userId: string }
  /** A person is due the daily digest of this local date: a job sends it, once. */
  | { kind: 'digest-due'; userId: string; localDate: string }
  /**
   * Someone saved a show or marked it "Going": one due within the reminder lead is
   * reminded now, not at the next scheduled run.
   */
  | { kind: 'show-kept' }
  /** A concert reminder was made that its person wants by mail: a job sends it, once. */
  | { kind: 'concert-reminder-made'; userId: string; concertId: string }
  /** Someone was told a show's tickets are on sale: a job mails it if they want, once. */
  | { kind: 'on-sale-noticed'; notificationId: string }
  /**
   * A notice was made or grouped with another (a like, a comment, a follower, a follow
   * approved, friends going) for someone with a push device: a job pushes it to their
   * devices if they want it (modules/push). On-sale notices are pushed from their own
   * `on-sale-noticed`.
   */
  | { kind: 'notice-made'; notificationId: string }
  /** Someone asked to follow a private person who has a push device: it is pushed to them (a job). */
  | { kind: 'follow-requested'; requesterId: string; targetId: string }
  /** The league tables were rebuilt (/rankings, Community Favorites). */
  | { kind: 'league-tables' }
  /** An import into someone's diary was started, or has more to do: its job runs it. */
  | { kind: 'import-queued'; importId: string; source: ImportSource };

/** Collects the changes of one transaction; nothing takes effect until it commits. */
export class ChangeRecorder {
  readonly #changes: Change[] = [];

  record(change: Change): void {
    this.#changes.push(change);
  }

  get changes(): readonly Change[] {
    return this.#changes;
  }
}

/**
 * Tags of cached public reads. A cached answer carries one tag for each thing it shows
 * that a write elsewhere may change, so that write can drop it.
 */
export const cacheTags = {
  /** Every concert list: concert rows and their average ratings. */
  concertLists: 'concert-lists',
  /** A concert's review pages. */
  concertReviews: (concertId: string) => `concert-reviews:${concertId}`,
  /** The lists of every review (recent, trending): any review, like or comment changes them. */
  reviewLists: 'review-lists',
  /** A review's comments. */
  reviewComments: (reviewId: string) => `review-comments:${reviewId}`,
  /** An artist's page: its follower count. */
  artist: (artistId: string) => `artist:${artistId}`,
  /** Anything that shows this person's name or picture. */
  user: (userId: string) => `user:${userId}`,
  /** The league tables and Community Favorites, read from league_entries. */
  leagueTables: 'league-tables',
} as const;

/** The cache tags a change makes stale. */
export function tagsDroppedBy(change: Change): string[] {
  switch (change.kind) {
    case 'concert':
    case 'concert-announced':
      return [cacheTags.concertLists];
    case 'concert-reviews': {
      const reviewPages = [cacheTags.concertReviews(change.concertId), cacheTags.reviewLists];
      return change.ratings ? [...reviewPages, cacheTags.concertLists] : reviewPages;
    }
    case 'review-comments':
      return [cacheTags.reviewComments(change.reviewId)];
    case 'user':
      return [cacheTags.user(change.userId)];
    case 'league-tables':
      return [cacheTags.leagueTables];
    case 'artist-follows':
      return [cacheTags.artist(change.artistId)];
    case 'review-posted':
    case 'show-alerts-changed':
    case 'follow-added':
    case 'files-released':
    case 'upload-received':
    case 'password-reset-requested':
    case 'email-verification-requested':
    case 'digest-due':
    case 'show-kept':
    case 'concert-reminder-made':
    case 'on-sale-noticed':
    case 'notice-made':
    case 'follow-requested':
    case 'import-queued':
      return [];
  }
}

/** The jobs a change calls for, added in the transaction that made it. */
export function jobsFor(change: Change): Job[] {
  switch (change.kind) {
    case 'review-posted':
      // Two jobs, so timelines do not wait for the notices (workers run them side by side).
      return [
        { kind: 'review-fan-out', reviewId: change.reviewId },
        { kind: 'review-notices', reviewId: change.reviewId },
      ];
    case 'follow-added':
      return [
        { kind: 'follow-timeline', followerId: change.followerId, followingId: change.followingId },
      ];
    case 'files-released':
      return [{ kind: 'remove-files', keys: change.keys }];
    case 'upload-received':
      return [{ kind: 'process-media', uploadId: change.uploadId }];
    case 'password-reset-requested':
      return [{ kind: 'password-reset-mail', accountId: change.accountId }];
    case 'email-verification-requested':
      return [{ kind: 'email-verification-mail', userId: change.userId }];
    case 'digest-due':
      return [{ kind: 'digest-mail', userId: change.userId, localDate: change.localDate }];
    case 'show-kept':
      // One run waits at most (a stately queue): a burst of saves shares it.
      return [{ kind: 'concert-reminders' }];
    case 'concert-reminder-made':
      return [
        { kind: 'concert-reminder-mail', userId: change.userId, concertId: change.concertId },
      ];
    case 'on-sale-noticed':
      return [
        { kind: 'on-sale-mail', notificationId: change.notificationId },
        { kind: 'push-notice', notificationId: change.notificationId },
      ];
    case 'notice-made':
      return [{ kind: 'push-notice', notificationId: change.notificationId }];
    case 'follow-requested':
      return [
        { kind: 'push-follow-request', requesterId: change.requesterId, targetId: change.targetId },
      ];
    case 'concert-reviews':
      // The queue keeps at most one refresh waiting (kinds.ts), so a burst of reviews
      // rebuilds the tables once or twice, not once per review.
      return change.ratings ? [{ kind: 'refresh-league-tables' }] : [];
    case 'concert-announced':
      return [{ kind: 'show-alerts', concertId: change.concertId }];
    case 'show-alerts-changed':
      return [{ kind: 'refresh-followed-shows', userId: change.userId }];
    case 'import-queued':
      return [
        change.source === 'csv'
          ? { kind: 'import-csv', importId: change.importId }
          : { kind: 'import-setlistfm', importId: change.importId },
      ];
    default:
      return [];
  }
}
