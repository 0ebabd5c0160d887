/**
 * DELETE /api/users/me: everything of the person goes in one transaction. Rows go by
 * cascade from the user row, after the counters they feed (others' likes and follower
 * numbers) are taken down; their files go once it has committed; their Encore sessions
 * and the embedded provider's account, grants and sessions go with it, so the e-mail can
 * sign up afresh. Pages that showed them or their reviews drop from the cache.
 */
import { removeLocalAccountOfUser } from '#server/auth/provider/account-removal.ts';
import { endSessionsOfUser } from '#server/auth/user-sessions.ts';
import type { Change } from '#server/changes/index.ts';
import type { SignedInContext } from '#server/lib/service-context.ts';
import { forgetActor } from '../notifications/index.ts';
import { storedKeysOf } from '../uploads/index.ts';
import {
  commentedReviews,
  deleteFollowsOf,
  deleteThrottlesOf,
  deleteUploadsOf,
  deleteUserRow,
  lockReviewedConcerts,
  lockUser,
  unlikeEverything,
} from './queries.ts';
import {
  alertSaveThrottleKey,
  commentThrottleKey,
  emailVerificationThrottleKey,
  exportThrottleKey,
  followThrottleKey,
  reportThrottleKey,
  reviewThrottleKey,
  uploadBytesThrottleKey,
  uploadThrottleKey,
} from './throttle-keys.ts';

export async function deleteAccount(ctx: SignedInContext): Promise<void> {
  const userId = ctx.viewerId;
  await ctx.write(async (tx, changes) => {
    // Locked first: an edit or a second deletion waits, then finds nobody.
    if (!(await lockUser(tx, userId))) return;
    const found: Change[] = [];
    for (const concertId of await lockReviewedConcerts(tx, userId)) {
      found.push({ kind: 'concert-reviews', concertId, ratings: true });
    }
    for (const review of await unlikeEverything(tx, userId)) {
      found.push({ kind: 'concert-reviews', concertId: review.concertId, ratings: false });
    }
    for (const review of await commentedReviews(tx, userId)) {
      found.push({ kind: 'concert-reviews', concertId: review.concertId, ratings: false });
      found.push({ kind: 'review-comments', reviewId: review.reviewId });
    }
    await forgetActor(tx, userId);
    await deleteFollowsOf(tx, userId);
    const files = await deleteUploadsOf(tx, userId);
    await endSessionsOfUser(tx, userId);
    await removeLocalAccountOfUser(tx, userId);
    await deleteThrottlesOf(
      tx,
      [
        uploadThrottleKey(userId),
        uploadBytesThrottleKey(userId),
        exportThrottleKey(userId),
        reportThrottleKey(userId),
        followThrottleKey(userId),
        alertSaveThrottleKey(userId),
        reviewThrottleKey(userId),
        emailVerificationThrottleKey(userId),
      ],
      [commentThrottleKey(userId)],
    );
    await deleteUserRow(tx, userId);

    const seen = new Set<string>();
    for (const change of found) {
      const key = JSON.stringify(change);
      if (seen.has(key)) continue;
      seen.add(key);
      changes.record(change);
    }
    changes.record({ kind: 'user', userId });
    const keys = storedKeysOf(files);
    if (keys.length > 0) changes.record({ kind: 'files-released', keys });
  });
}
