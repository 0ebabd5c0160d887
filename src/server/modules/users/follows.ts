/**
 * Follows: one per pair of people, so following twice is following once and unfollowing
 * someone not followed is fine. Nobody follows themself. The follow row, the two people's
 * counters (a trigger) and the followed person's notice are one transaction; the followed
 * person's reviews reach the follower's timeline from a job it adds.
 *
 * Following a private person asks them first: a follow request, which they approve (it
 * becomes a follow, as above) or decline in Notifications. Unfollowing withdraws a request.
 * A person may also take away someone's follow of them (Remove follower).
 *
 * Follows and unfollows, of people and artists, count against one hourly allowance per
 * person (countFollow): each may queue a job or tell every process, and a script looping
 * on them would otherwise fill the queue.
 */
import type {
  FollowRequestAnswer,
  FollowRequestPage,
  FollowState,
  UserListQuery,
  UserSummary,
} from '#shared/schemas/users';
import type { ChangeRecorder } from '#server/changes/index.ts';
import type { WriteLimits } from '#server/config.ts';
import type { Tx } from '#server/db/index.ts';
import { badRequest, notFound, sqlState } from '#server/http-error.ts';
import type { SignedInContext } from '#server/lib/service-context.ts';
import { countOrRefuse, hourlyRule } from '#server/lib/throttle.ts';
import { notifyFollowApproved, notifyNewFollower } from '../notifications/index.ts';
import { refuseReadAcrossBlock, refuseWriteAcrossBlock } from './blocking.ts';
import { selectBlockState } from './blocks.ts';
import {
  countFollowRequests,
  followRowExists,
  selectFollowPage,
  selectFollowRequestPage,
  type FollowDirection,
} from './queries.ts';
import { requireContentAccess, USER_NOT_FOUND } from './visibility.ts';
import {
  acceptAllFollowRequests,
  deleteFollow,
  deleteFollowRequest,
  deleteFollowReturning,
  hasPushDevice,
  insertFollow,
  insertFollowRequest,
  lockFollowPair,
  selectFollowerCount,
} from './writes.ts';

export const CANNOT_FOLLOW_SELF = 'You cannot follow yourself';
export const NO_FOLLOW_REQUEST = 'This person has no follow request waiting for you';
export const NOT_A_FOLLOWER = 'This person does not follow you';

/**
 * Counts a follow or an unfollow, of a person or an artist, against the viewer's hourly
 * allowance, or answers 429 "Too many follows" with Retry-After. One statement counts
 * before deciding (lib/throttle.ts), so requests sent at once cannot all pass; repeats
 * count too, as each one is a write.
 */
export async function countFollow(ctx: SignedInContext, limits: WriteLimits): Promise<void> {
  // As account/throttle-keys.ts names it, so the key goes with the account.
  await countOrRefuse(ctx.db, 'follows', [
    hourlyRule(`follows:${ctx.viewerId}`, limits.followsPerUserPerHour),
  ]);
}

/**
 * Adds the follow with what comes with it: the job filling the timeline, and the followed
 * person's notice (not when they approved it themself).
 */
async function addFollow(
  tx: Tx,
  changes: ChangeRecorder,
  follow: { followerId: string; userId: string; notify: boolean },
) {
  const { followerId, userId } = follow;
  if (await insertFollow(tx, followerId, userId)) {
    if (follow.notify) {
      const notice = await notifyNewFollower(tx, { actorId: followerId, userId });
      if (notice?.pushable) changes.record({ kind: 'notice-made', notificationId: notice.id });
    }
    changes.record({ kind: 'follow-added', followerId, followingId: userId });
  }
}

/** The person's follower count as the transaction sees it; 404 when they are gone. */
async function followersOf(tx: Tx, userId: string): Promise<number> {
  const followers = await selectFollowerCount(tx, userId);
  if (followers === undefined) throw notFound(USER_NOT_FOUND);
  return followers;
}

/** After an answer to a request: the viewer's followers, and the requests still waiting. */
async function answered(tx: Tx, viewerId: string): Promise<FollowRequestAnswer> {
  return {
    followers: await followersOf(tx, viewerId),
    pending: await countFollowRequests(tx, viewerId),
  };
}

/**
 * POST /api/users/{id}/follow: the answer holds the person's follower count after it. A
 * private person not yet followed gets a follow request instead (`requested`).
 */
export async function followUser(
  ctx: SignedInContext,
  userId: string,
  limits: WriteLimits,
): Promise<FollowState> {
  const { viewerId } = ctx;
  if (userId === viewerId) throw badRequest(CANNOT_FOLLOW_SELF);
  await countFollow(ctx, limits);
  try {
    return await ctx.write(async (tx, changes) => {
      // Both people's rows, in id order: a block or a privacy switch being written between
      // the two is waited for, and then seen.
      const pair = await lockFollowPair(tx, viewerId, userId);
      if (!pair) throw notFound(USER_NOT_FOUND);
      refuseWriteAcrossBlock(await selectBlockState(tx, viewerId, userId), USER_NOT_FOUND);
      if (pair.isPrivate && !pair.following) {
        if ((await insertFollowRequest(tx, viewerId, userId)) && (await hasPushDevice(tx, userId)))
          changes.record({ kind: 'follow-requested', requesterId: viewerId, targetId: userId });
        return { isFollowing: false, requested: true, followers: await followersOf(tx, userId) };
      }
      await addFollow(tx, changes, { followerId: viewerId, userId, notify: true });
      return { isFollowing: true, requested: false, followers: await followersOf(tx, userId) };
    });
  } catch (error) {
    // The row's foreign key: the viewer's account was deleted meanwhile.
    if (sqlState(error) === '23503') throw notFound(USER_NOT_FOUND);
    throw error;
  }
}

/**
 * DELETE /api/users/{id}/follow: unfollows, and withdraws a follow request. Someone who
 * blocked the viewer does not exist to them.
 */
export async function unfollowUser(
  ctx: SignedInContext,
  userId: string,
  limits: WriteLimits,
): Promise<FollowState> {
  const { viewerId } = ctx;
  if (userId === viewerId) throw badRequest(CANNOT_FOLLOW_SELF);
  await countFollow(ctx, limits);
  return ctx.write(async (tx) => {
    // The two rows first, in id order, as a follow and a block take them, before the follow
    // row: the writes of one pair then queue instead of deadlocking.
    if (!(await lockFollowPair(tx, viewerId, userId))) throw notFound(USER_NOT_FOUND);
    if ((await selectBlockState(tx, viewerId, userId)).blockedMe) throw notFound(USER_NOT_FOUND);
    await deleteFollowRequest(tx, viewerId, userId);
    await deleteFollow(tx, viewerId, userId);
    return { isFollowing: false, requested: false, followers: await followersOf(tx, userId) };
  });
}

/**
 * GET /api/users/{id}/followers and /following: newest follow first, each person with
 * whether the viewer follows them, without anyone the viewer blocked or who blocked them
 * (and 404 for the lists of such a person); 403 for a private person's lists unless the
 * viewer follows them. An empty page asks whether the cursor's person is still in the list.
 */
export async function listFollows(
  ctx: SignedInContext,
  direction: FollowDirection,
  userId: string,
  page: { limit: number; before?: string | undefined },
): Promise<UserSummary[]> {
  const { viewerId } = ctx;
  await refuseReadAcrossBlock(ctx.db, viewerId, userId);
  await requireContentAccess(ctx.db, userId, viewerId);
  const people = await selectFollowPage(ctx.db, direction, userId, viewerId, page);
  if (people.length > 0) return people;
  if (page.before && !(await followRowExists(ctx.db, direction, userId, page.before))) {
    throw badRequest(`before: that person is not in this list (any more)`);
  }
  return people;
}

/**
 * GET /api/follow-requests: the people waiting for the viewer's answer, newest first, and
 * how many they are. `before` is the last person of the previous page.
 */
export async function listFollowRequests(
  ctx: SignedInContext,
  page: UserListQuery,
): Promise<FollowRequestPage> {
  return selectFollowRequestPage(ctx.db, ctx.viewerId, page);
}

/** Takes the requester's follow request to the viewer away, approved or declined; 404 when there is none. */
async function takeFollowRequest(tx: Tx, requesterId: string, viewerId: string): Promise<void> {
  if (!(await deleteFollowRequest(tx, requesterId, viewerId))) {
    throw notFound(NO_FOLLOW_REQUEST);
  }
}

/**
 * POST /api/follow-requests/{id}/approve: the request becomes a follow, as any follow, and
 * the requester is told "{name} approved your follow request".
 */
export async function approveFollowRequest(
  ctx: SignedInContext,
  requesterId: string,
): Promise<FollowRequestAnswer> {
  const { viewerId } = ctx;
  return ctx.write(async (tx, changes) => {
    await takeFollowRequest(tx, requesterId, viewerId);
    await addFollow(tx, changes, { followerId: requesterId, userId: viewerId, notify: false });
    const notice = await notifyFollowApproved(tx, { approverId: viewerId, requesterId });
    if (notice?.pushable) changes.record({ kind: 'notice-made', notificationId: notice.id });
    return answered(tx, viewerId);
  });
}

/** POST /api/follow-requests/{id}/decline: the request goes; the requester may ask again. */
export async function declineFollowRequest(
  ctx: SignedInContext,
  requesterId: string,
): Promise<FollowRequestAnswer> {
  const { viewerId } = ctx;
  return ctx.write(async (tx) => {
    await takeFollowRequest(tx, requesterId, viewerId);
    return answered(tx, viewerId);
  });
}

/**
 * DELETE /api/users/me/followers/{id} (Remove follower): the person no longer follows the
 * viewer; the triggers move both counters and take the viewer's reviews out of their
 * timeline. They are not told.
 */
export async function removeFollower(
  ctx: SignedInContext,
  followerId: string,
): Promise<FollowState> {
  const { viewerId } = ctx;
  return ctx.write(async (tx) => {
    if (!(await deleteFollowReturning(tx, followerId, viewerId))) {
      throw notFound(NOT_A_FOLLOWER);
    }
    return { isFollowing: false, requested: false, followers: await followersOf(tx, viewerId) };
  });
}

/**
 * A person going public: everyone waiting for their answer follows them from now on, in the
 * transaction that makes them public, each follow bringing their reviews to the new
 * follower's timeline (a job) as any follow does. Call it before the person's row changes.
 */
export async function acceptPendingFollowRequests(
  tx: Tx,
  changes: ChangeRecorder,
  userId: string,
): Promise<void> {
  for (const followerId of await acceptAllFollowRequests(tx, userId)) {
    changes.record({ kind: 'follow-added', followerId, followingId: userId });
  }
}
