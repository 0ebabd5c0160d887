/**
 * Reviews as the API shows them: the review, its author, its concert, its like and
 * comment counts and whether the viewer liked it. Viewing needs no sign-in.
 */
import type { Review, ReviewPageQuery } from '#shared/schemas/reviews';
import { cacheTags } from '../../changes/index.ts';
import { notFound } from '../../http-error.ts';
import type { ServiceContext } from '../../lib/service-context.ts';
import type { CacheSlot } from '../../read-cache.ts';
import { CONCERT_NOT_FOUND } from '../concerts/index.ts';
import { findReviewConcert, selectConcertReviews, type ConcertReviewRow } from './queries.ts';

/**
 * Where a page of a concert's reviews is cached: only pages seen anonymously are shared,
 * since a signed-in viewer's page says which reviews they liked. A page shows its
 * authors' names and pictures, so a change to any of them drops it too.
 */
export function reviewPageCacheSlot(
  concertId: string,
  viewerId: string | undefined,
  page: ReviewPageQuery,
): CacheSlot<Review[]> | undefined {
  if (viewerId !== undefined) return undefined;
  return {
    key: `concert-reviews:${concertId}:${page.limit}:${page.offset}`,
    tags: [cacheTags.concertReviews(concertId)],
    tagsOf: (reviews) => [...new Set(reviews.map((review) => cacheTags.user(review.userId)))],
  };
}

export function toReview(row: ConcertReviewRow): Review {
  return {
    ...row,
    commentsCount: row.commentsCount ?? 0,
    isLiked: Boolean(row.isLiked),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** GET /api/concerts/{id}/reviews: newest first; 404 when the concert does not exist. */
export async function listConcertReviews(
  ctx: ServiceContext,
  concertId: string,
  page: ReviewPageQuery,
): Promise<Review[]> {
  const rows = await selectConcertReviews(ctx.db, concertId, ctx.viewerId, page);
  // Reviews prove their concert exists; only an empty page needs to ask.
  if (rows.length === 0 && !(await findReviewConcert(ctx.db, concertId))) {
    throw notFound(CONCERT_NOT_FOUND);
  }
  return rows.map(toReview);
}
