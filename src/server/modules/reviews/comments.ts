/**
 * Comments on reviews: anyone may read them, a signed-in person may write one, and its
 * author or the review's author may delete it. The review's author is told of a comment
 * by someone else, in one notice for the comments of everyone since they last read it;
 * a deleted comment leaves it (see notifications/writes.ts).
 */
import type { Comment, CommentListQuery } from '#shared/schemas/reviews';
import { cacheTags, type ChangeRecorder } from '#server/changes/index.ts';
import type { CommentLimits } from '#server/config.ts';
import type { Tx } from '#server/db/index.ts';
import { forbidden, notFound, sqlState } from '#server/http-error.ts';
import type { ServiceContext, SignedInContext } from '#server/lib/service-context.ts';
import { countOrRefuse, hourlyRule } from '#server/lib/throttle.ts';
import type { CacheSlot } from '#server/read-cache.ts';
import { pictureUrl } from '#server/storage/index.ts';
import { notifyReviewAuthor, refreshCommentNotice } from '../notifications/index.ts';
import {
  hasAnyBlock,
  refuseWriteAcrossBlock,
  requireReviewAccess,
  selectBlockStateWithAuthor,
} from '../users/index.ts';
import { REVIEW_NOT_FOUND } from './service.ts';
import {
  commentExists,
  deleteCommentAllowedTo,
  deleteCommentRow,
  insertComment,
  reviewConcertOf,
  selectComment,
  selectComments,
  type CommentRow,
} from './writes.ts';

export const COMMENT_NOT_FOUND = 'Comment not found';

/** A page of a review's comments, and where it is cached (none: read for this request only). */
export interface CommentPageRead {
  read: () => Promise<Comment[]>;
  slot?: CacheSlot<Comment[]>;
}

/**
 * GET /api/reviews/{reviewId}/comments, with its cache slot. Comments read the same for
 * everyone who has no block (either way) with anyone, so those signed in share a page,
 * once the review is checked visible to them (a private author's). A visitor's page is
 * kept apart and checked as it is read: it stays only while the review and its author's
 * profile do not change (their going private drops the author's tag), so a cached page
 * costs a visitor no query. A commenter's new name or picture drops both. As every change
 * to a page drops it (its tags are whole), pages are kept long, not read again every few
 * seconds. Browsers keep it only for visitors: someone signed in must see their own
 * comment at once. Someone with blocks reads their own page.
 */
export async function commentPage(
  ctx: ServiceContext,
  reviewId: string,
  query: CommentListQuery,
): Promise<CommentPageRead> {
  const page = `${query.limit}:${query.after ?? ''}`;
  const commenters = (comments: Comment[]) => comments.map((c) => cacheTags.user(c.userId));
  const viewerId = ctx.viewerId;
  if (viewerId === undefined) {
    let authorId: string | undefined;
    return {
      read: async () => {
        ({ authorId } = await requireVisibleReview(ctx, reviewId));
        return listComments(ctx, reviewId, query);
      },
      slot: {
        key: `review-comments:visitor:${reviewId}:${page}`,
        tags: [cacheTags.reviewComments(reviewId)],
        tagsOf: (comments) => [
          ...new Set([...commenters(comments), ...(authorId ? [cacheTags.user(authorId)] : [])]),
        ],
        browsersMayKeep: true,
        wholeTags: true,
      },
    };
  }
  await requireVisibleReview(ctx, reviewId);
  const read = () => listComments(ctx, reviewId, query);
  if (await hasAnyBlock(ctx.db, viewerId)) return { read };
  return {
    read,
    slot: {
      key: `review-comments:${reviewId}:${page}`,
      tags: [cacheTags.reviewComments(reviewId)],
      tagsOf: (comments) => [...new Set(commenters(comments))],
      browsersMayKeep: false,
      wholeTags: true,
    },
  };
}

function toComment(row: CommentRow): Comment {
  return {
    ...row,
    user: { ...row.user, profileImageUrl: pictureUrl(row.user.profileImageUrl) },
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** 404 unless the viewer may see the review (a private person's, users/visibility.ts). */
async function requireVisibleReview(
  ctx: ServiceContext,
  reviewId: string,
): Promise<{ authorId: string }> {
  return requireReviewAccess(ctx.db, reviewId, ctx.viewerId, REVIEW_NOT_FOUND);
}

/**
 * GET /api/reviews/{reviewId}/comments: oldest first, a page at a time, without those of
 * people the viewer blocked or who blocked them; none of a review whose author is one.
 */
async function listComments(
  ctx: ServiceContext,
  reviewId: string,
  query: CommentListQuery,
): Promise<Comment[]> {
  if (ctx.viewerId !== undefined) {
    const state = await selectBlockStateWithAuthor(ctx.db, ctx.viewerId, reviewId);
    if (state && (state.blockedMe || state.blockedThem)) throw notFound(REVIEW_NOT_FOUND);
  }
  const rows = await selectComments(ctx.db, reviewId, ctx.viewerId, query);
  if (rows.length === 0 && !(await reviewConcertOf(ctx.db, reviewId))) {
    throw notFound(REVIEW_NOT_FOUND);
  }
  return rows.map(toComment);
}

/**
 * Counts a comment against the person's hourly allowances, in all and on this review, or
 * answers 429. One statement counts both before deciding, so comments sent at once cannot
 * all pass; the window stays an hour however often it is overrun.
 */
async function countComment(
  ctx: ServiceContext,
  limits: CommentLimits,
  userId: string,
  reviewId: string,
): Promise<void> {
  // Keys as account/throttle-keys.ts names them, so an account's deletion takes them.
  await countOrRefuse(ctx.db, 'comments', [
    hourlyRule(`comments:${userId}`, limits.perUserPerHour),
    hourlyRule(`comments:${userId}:${reviewId}`, limits.perReviewPerUserPerHour),
  ]);
}

/**
 * POST /api/reviews/{reviewId}/comments: answers the comment with its author. Not on the
 * review of someone the commenter blocked, or who blocked them.
 */
export async function addComment(
  ctx: SignedInContext,
  limits: CommentLimits,
  reviewId: string,
  commentText: string,
): Promise<Comment> {
  const userId = ctx.viewerId;
  await requireVisibleReview(ctx, reviewId);
  await countComment(ctx, limits, userId, reviewId);
  let commentId: string;
  try {
    commentId = await ctx.write(async (tx, changes) => {
      const concertId = await reviewConcertOf(tx, reviewId);
      if (!concertId) throw notFound(REVIEW_NOT_FOUND);
      const state = await selectBlockStateWithAuthor(tx, userId, reviewId);
      if (state) refuseWriteAcrossBlock(state, REVIEW_NOT_FOUND);
      const notice = await notifyReviewAuthor(tx, {
        type: 'review_comment',
        actorId: userId,
        reviewId,
      });
      const id = await insertComment(tx, {
        reviewId,
        userId,
        commentText,
        notificationId: notice?.id,
      });
      if (notice) {
        await refreshCommentNotice(tx, notice.id);
        if (notice.pushable) changes.record({ kind: 'notice-made', notificationId: notice.id });
      }
      changes.record({ kind: 'concert-reviews', concertId, ratings: false });
      changes.record({ kind: 'review-comments', reviewId });
      return id;
    });
  } catch (error) {
    // The review was deleted between the check and the insert.
    if (sqlState(error) === '23503') throw notFound(REVIEW_NOT_FOUND);
    throw error;
  }
  const comment = await selectComment(ctx.db, commentId);
  if (!comment) throw notFound(COMMENT_NOT_FOUND);
  return toComment(comment);
}

/** DELETE /api/comments/{id}: by its author, or by the author of the review it is on. */
export async function deleteComment(ctx: SignedInContext, commentId: string): Promise<void> {
  const userId = ctx.viewerId;
  await ctx.write(async (tx, changes) => {
    const deleted = await deleteCommentAllowedTo(tx, commentId, userId);
    if (deleted) {
      changes.record({ kind: 'concert-reviews', concertId: deleted.concertId, ratings: false });
      changes.record({ kind: 'review-comments', reviewId: deleted.reviewId });
      return;
    }
    if (await commentExists(tx, commentId)) {
      throw forbidden("Only the comment's or the review's author can delete this comment");
    }
    throw notFound(COMMENT_NOT_FOUND);
  });
}

/**
 * An operator's removal of a reported comment (`npm run reports`), inside the operator's
 * write: as its author's deletion, without asking who. False when it was already gone.
 */
export async function removeCommentAsOperator(
  tx: Tx,
  changes: ChangeRecorder,
  commentId: string,
): Promise<boolean> {
  const deleted = await deleteCommentRow(tx, commentId);
  if (!deleted) return false;
  changes.record({ kind: 'concert-reviews', concertId: deleted.concertId, ratings: false });
  changes.record({ kind: 'review-comments', reviewId: deleted.reviewId });
  return true;
}
