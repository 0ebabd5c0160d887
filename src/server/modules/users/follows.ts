/**
 * Follows: one per pair of people, so following twice is following once and unfollowing
 * someone not followed is fine. Nobody follows themself. The follow row, the two people's
 * counters (a trigger) and the followed person's notice are one transaction; the followed
 * person's reviews reach the follower's timeline from a job it adds.
 */
import type { FollowState, UserSummary } from '#shared/schemas/users';
import { badRequest, notFound, sqlState } from '../../http-error.ts';
import type { ServiceContext } from '../../lib/service-context.ts';
import { notifyNewFollower } from '../notifications/index.ts';
import { refuseReadAcrossBlock, refuseWriteAcrossBlock } from './blocking.ts';
import { lockPair, selectBlockState } from './blocks.ts';
import { followRowExists, selectFollowPage, userExists, type FollowDirection } from './queries.ts';
import { USER_NOT_FOUND } from './service.ts';
import { deleteFollow, insertFollow, selectFollowerCount } from './writes.ts';

export const CANNOT_FOLLOW_SELF = 'You cannot follow yourself';

/** POST /api/users/{id}/follow: the answer holds the person's follower count after it. */
export async function followUser(ctx: ServiceContext, userId: string): Promise<FollowState> {
  const viewerId = ctx.requireViewer();
  if (userId === viewerId) throw badRequest(CANNOT_FOLLOW_SELF);
  try {
    return await ctx.write(async (tx, changes) => {
      // A block being written between the two is waited for, and then seen.
      if ((await lockPair(tx, [viewerId, userId], 'follow')) < 2) throw notFound(USER_NOT_FOUND);
      refuseWriteAcrossBlock(await selectBlockState(tx, viewerId, userId), USER_NOT_FOUND);
      if (await insertFollow(tx, viewerId, userId)) {
        await notifyNewFollower(tx, { actorId: viewerId, userId });
        changes.record({ kind: 'follow-added', followerId: viewerId, followingId: userId });
      }
      const followers = await selectFollowerCount(tx, userId);
      if (followers === undefined) throw notFound(USER_NOT_FOUND);
      return { isFollowing: true, followers };
    });
  } catch (error) {
    // The follow row's foreign key: there is no such person (or they just left).
    if (sqlState(error) === '23503') throw notFound(USER_NOT_FOUND);
    throw error;
  }
}

/** DELETE /api/users/{id}/follow: someone who blocked the viewer does not exist to them. */
export async function unfollowUser(ctx: ServiceContext, userId: string): Promise<FollowState> {
  const viewerId = ctx.requireViewer();
  if (userId === viewerId) throw badRequest(CANNOT_FOLLOW_SELF);
  return ctx.write(async (tx) => {
    // The two rows first, as a block takes them, before the follow row the block deletes too.
    if ((await lockPair(tx, [viewerId, userId], 'follow')) < 2) throw notFound(USER_NOT_FOUND);
    if ((await selectBlockState(tx, viewerId, userId)).blockedMe) throw notFound(USER_NOT_FOUND);
    await deleteFollow(tx, viewerId, userId);
    const followers = await selectFollowerCount(tx, userId);
    if (followers === undefined) throw notFound(USER_NOT_FOUND);
    return { isFollowing: false, followers };
  });
}

/**
 * GET /api/users/{id}/followers and /following: newest follow first, each person with
 * whether the viewer follows them, without anyone the viewer blocked or who blocked them
 * (and 404 for the lists of such a person). An empty page asks whether the person exists, and
 * whether the cursor's person is still in the list.
 */
export async function listFollows(
  ctx: ServiceContext,
  direction: FollowDirection,
  userId: string,
  page: { limit: number; before?: string | undefined },
): Promise<UserSummary[]> {
  const viewerId = ctx.requireViewer();
  await refuseReadAcrossBlock(ctx.db, viewerId, userId);
  const people = await selectFollowPage(ctx.db, direction, userId, viewerId, page);
  if (people.length > 0) return people;
  if (!(await userExists(ctx.db, userId))) throw notFound(USER_NOT_FOUND);
  if (page.before && !(await followRowExists(ctx.db, direction, userId, page.before))) {
    throw badRequest(`before: that person is not in this list (any more)`);
  }
  return people;
}
