/**
 * Comments on reviews: anyone may read them, a signed-in person may write one, and its
 * author or the review's author may delete it. The review's author is told of a comment
 * by someone else.
 */
import type { Comment, CommentListQuery } from '#shared/schemas/reviews';
import { cacheTags } from '../../changes/index.ts';
import { forbidden, notFound, sqlState } from '../../http-error.ts';
import type { ServiceContext } from '../../lib/service-context.ts';
import type { CacheSlot } from '../../read-cache.ts';
import { notifyReviewAuthor } from '../notifications/index.ts';
import { requireReviewAccess } from '../users/index.ts';
import { REVIEW_NOT_FOUND } from './service.ts';
import {
  commentExists,
  deleteCommentAllowedTo,
  insertComment,
  reviewConcertOf,
  selectComment,
  selectComments,
  type CommentRow,
} from './writes.ts';

export const COMMENT_NOT_FOUND = 'Comment not found';

/**
 * Where a page of a review's comments is cached. Comments read the same for everyone, so
 * every viewer shares it; a commenter's new name or picture drops it too. Browsers keep
 * it only for visitors: someone signed in must see their own comment at once.
 */
export function commentPageCacheSlot(
  reviewId: string,
  viewerId: string | undefined,
  query: CommentListQuery,
): CacheSlot<Comment[]> {
  return {
    key: `review-comments:${reviewId}:${query.limit}:${query.after ?? ''}`,
    tags: [cacheTags.reviewComments(reviewId)],
    tagsOf: (comments) => [...new Set(comments.map((comment) => cacheTags.user(comment.userId)))],
    browsersMayKeep: viewerId === undefined,
  };
}

function toComment(row: CommentRow): Comment {
  return {
    ...row,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/**
 * 404 unless the viewer may see the review (a private person's, users/visibility.ts).
 * Asked before a page of comments is read or taken from the shared cache.
 */
export async function requireVisibleReview(ctx: ServiceContext, reviewId: string): Promise<void> {
  await requireReviewAccess(ctx.db, reviewId, ctx.viewerId, REVIEW_NOT_FOUND);
}

/** GET /api/reviews/{reviewId}/comments: oldest first, a page at a time. */
export async function listComments(
  ctx: ServiceContext,
  reviewId: string,
  query: CommentListQuery,
): Promise<Comment[]> {
  const rows = await selectComments(ctx.db, reviewId, query);
  if (rows.length === 0 && !(await reviewConcertOf(ctx.db, reviewId))) {
    throw notFound(REVIEW_NOT_FOUND);
  }
  return rows.map(toComment);
}

/** POST /api/reviews/{reviewId}/comments: answers the comment with its author. */
export async function addComment(
  ctx: ServiceContext,
  reviewId: string,
  commentText: string,
): Promise<Comment> {
  const userId = ctx.requireViewer();
  await requireVisibleReview(ctx, reviewId);
  let commentId: string;
  try {
    commentId = await ctx.write(async (tx, changes) => {
      const concertId = await reviewConcertOf(tx, reviewId);
      if (!concertId) throw notFound(REVIEW_NOT_FOUND);
      const id = await insertComment(tx, { reviewId, userId, commentText });
      await notifyReviewAuthor(tx, { type: 'review_comment', actorId: userId, reviewId });
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
export async function deleteComment(ctx: ServiceContext, commentId: string): Promise<void> {
  const userId = ctx.requireViewer();
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
