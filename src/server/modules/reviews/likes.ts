/**
 * Likes: one per person and review, so liking twice is liking once. The like row, the
 * review's counter and the author's notice change in one statement, in a transaction
 * that also tells other instances which cached pages to drop; the answer is the count
 * after it.
 */
import type { Likes } from '#shared/schemas/reviews';
import { notFound, sqlState } from '#server/http-error.ts';
import type { ServiceContext, SignedInContext } from '#server/lib/service-context.ts';
import { requireReviewAccess } from '../users/index.ts';
import { REVIEW_NOT_FOUND } from './service.ts';
import { refuseWriteAcrossBlock, selectBlockStateWithAuthor } from '../users/index.ts';
import { selectLikes, setLikeInOneStatement } from './writes.ts';

export async function getLikes(ctx: ServiceContext, reviewId: string): Promise<Likes> {
  // A private person's review is not there for those they have not let in.
  await requireReviewAccess(ctx.db, reviewId, ctx.viewerId, REVIEW_NOT_FOUND);
  const likes = await selectLikes(ctx.db, reviewId, ctx.viewerId);
  if (!likes) throw notFound(REVIEW_NOT_FOUND);
  return { count: likes.count, isLiked: Boolean(likes.isLiked) };
}

/**
 * POST /api/reviews/{id}/like: the author is told, unless they liked their own review.
 * Not a review of someone the liker blocked, or who blocked them.
 */
export async function likeReview(ctx: SignedInContext, reviewId: string): Promise<Likes> {
  return setLiked(ctx, reviewId, true);
}

/** DELETE /api/reviews/{id}/like: removing a like that is not there is fine. */
export async function unlikeReview(ctx: SignedInContext, reviewId: string): Promise<Likes> {
  return setLiked(ctx, reviewId, false);
}

async function setLiked(ctx: SignedInContext, reviewId: string, liked: boolean): Promise<Likes> {
  const userId = ctx.viewerId;
  await requireReviewAccess(ctx.db, reviewId, userId, REVIEW_NOT_FOUND);
  try {
    return await ctx.write(async (tx, changes) => {
      if (liked) {
        const state = await selectBlockStateWithAuthor(tx, userId, reviewId);
        if (state) refuseWriteAcrossBlock(state, REVIEW_NOT_FOUND);
      }
      const outcome = await setLikeInOneStatement(tx, userId, reviewId, liked);
      if (outcome.likes === null || outcome.concert_id === null) throw notFound(REVIEW_NOT_FOUND);
      if (outcome.changed) {
        changes.record({ kind: 'concert-reviews', concertId: outcome.concert_id, ratings: false });
        if (outcome.notice_to_push)
          changes.record({ kind: 'notice-made', notificationId: outcome.notice_to_push });
        return { count: Number(outcome.likes), isLiked: liked };
      }
      // Nothing to do: the count the statement saw may predate a like it waited for (the
      // same person's, sent twice at once), so it is read again.
      const likes = await selectLikes(tx, reviewId, userId);
      if (!likes) throw notFound(REVIEW_NOT_FOUND);
      return { count: likes.count, isLiked: Boolean(likes.isLiked) };
    });
  } catch (error) {
    // The like row's foreign key: there is no such review.
    if (sqlState(error) === '23503') throw notFound(REVIEW_NOT_FOUND);
    throw error;
  }
}
