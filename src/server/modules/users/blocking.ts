/**
 * Blocking: a person may block anyone else. A block hides the two from each other
 * everywhere (the reads apply notBlockedBetween from blocks.ts), ends follows both ways,
 * and neither may follow, comment on or like the other's things while it lasts. To the
 * blocked person the blocker does not exist: every read of them, and every write aimed at
 * them, answers as for an unknown person (404); the blocked person is never told. The
 * blocker still sees the blocked person's profile, to unblock them, but nothing of theirs.
 */
import type { UserSummary } from '#shared/schemas/users';
import type { Database, Tx } from '#server/db/index.ts';
import { badRequest, forbidden, notFound } from '#server/http-error.ts';
import type { SignedInContext } from '#server/lib/service-context.ts';
import { pictureUrl } from '#server/storage/index.ts';
import {
  deleteBlock,
  deleteFollowsBetween,
  hasBlockRow,
  insertBlock,
  lockPair,
  selectBlockPage,
  selectBlockState,
  type BlockState,
} from './blocks.ts';
import { userExists } from './queries.ts';
import { USER_NOT_FOUND } from './visibility.ts';

type Db = Database | Tx;

export const CANNOT_BLOCK_SELF = 'You cannot block yourself';
export const YOU_BLOCKED_THEM = 'You have blocked this person; unblock them first';

/**
 * For reads of a person's things (their reviews, history, followers, following): 404 when
 * either of the two blocked the other. A visitor passes.
 */
export async function refuseReadAcrossBlock(
  db: Db,
  viewerId: string | undefined,
  personId: string,
): Promise<void> {
  if (viewerId === undefined || viewerId === personId) return;
  const state = await selectBlockState(db, viewerId, personId);
  if (state.blockedMe || state.blockedThem) throw notFound(USER_NOT_FOUND);
}

/**
 * For a write aimed at someone (a follow, a comment or like on their review): as if they
 * did not exist when they blocked the actor (`notFoundMessage`), and a 403 saying why when
 * the actor blocked them.
 */
export function refuseWriteAcrossBlock(state: BlockState, notFoundMessage: string): void {
  if (state.blockedMe) throw notFound(notFoundMessage);
  if (state.blockedThem) throw forbidden(YOU_BLOCKED_THEM);
}

/** POST and DELETE /api/users/{id}/block: the state after. */
export interface BlockAnswer {
  isBlocked: boolean;
}

/**
 * POST /api/users/{id}/block. The block row and the removal of follows both ways (their
 * counters and timeline entries go with them, by trigger) are one transaction; blocking
 * twice is blocking once. Someone who blocked the viewer does not exist to them.
 */
export async function blockUser(ctx: SignedInContext, userId: string): Promise<BlockAnswer> {
  const { viewerId } = ctx;
  if (userId === viewerId) throw badRequest(CANNOT_BLOCK_SELF);
  return ctx.write(async (tx) => {
    if ((await lockPair(tx, [viewerId, userId], 'block')) < 2) throw notFound(USER_NOT_FOUND);
    const state = await selectBlockState(tx, viewerId, userId);
    if (state.blockedMe) throw notFound(USER_NOT_FOUND);
    await insertBlock(tx, viewerId, userId);
    await deleteFollowsBetween(tx, viewerId, userId);
    return { isBlocked: true };
  });
}

/** DELETE /api/users/{id}/block: unblocking someone not blocked is fine. Follows stay gone. */
export async function unblockUser(ctx: SignedInContext, userId: string): Promise<BlockAnswer> {
  const { viewerId } = ctx;
  if (userId === viewerId) throw badRequest(CANNOT_BLOCK_SELF);
  return ctx.write(async (tx) => {
    const state = await selectBlockState(tx, viewerId, userId);
    if (state.blockedMe) throw notFound(USER_NOT_FOUND);
    if (!(await deleteBlock(tx, viewerId, userId)) && !(await userExists(tx, userId))) {
      throw notFound(USER_NOT_FOUND);
    }
    return { isBlocked: false };
  });
}

/**
 * GET /api/users/me/blocks: the people the viewer blocked, newest block first, from
 * blocks_blocker_created_idx under the LIMIT; `before` is the last person of the previous
 * page.
 */
export async function listBlocks(
  ctx: SignedInContext,
  page: { limit: number; before?: string | undefined },
): Promise<UserSummary[]> {
  const { viewerId } = ctx;
  if (page.before && !(await hasBlockRow(ctx.db, viewerId, page.before))) {
    throw badRequest('before: that person is not in this list (any more)');
  }
  const rows = await selectBlockPage(ctx.db, viewerId, page);
  // Follows end with a block, and none can start while it lasts.
  return rows.map((row) => ({
    ...row,
    profileImageUrl: pictureUrl(row.profileImageUrl),
    isFollowing: false,
  }));
}
