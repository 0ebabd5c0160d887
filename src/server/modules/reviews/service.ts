/**
 * Reviews as the API shows them: the review, its author, its concert, its like and
 * comment counts and whether the viewer liked it. Viewing needs no sign-in.
 */
import type { Review, ReviewPageQuery } from '#shared/schemas/reviews';
import type { Database } from '../../db/index.ts';
import { notFound } from '../../http-error.ts';
import type { CacheSlot } from '../../read-cache.ts';
import { CONCERT_NOT_FOUND } from '../concerts/service.ts';
import { findReviewConcert, selectConcertReviews, type ConcertReviewRow } from './queries.ts';

/**
 * The response-cache tag of one concert's review pages as anonymous viewers see them:
 * writes of a review, like or comment on that concert invalidate it (and the concert
 * lists, for the average rating).
 */
export function concertReviewsTag(concertId: string): string {
  return `concert-reviews:${concertId}`;
}

/**
 * Where a page of a concert's reviews is cached: only pages seen anonymously are shared,
 * since a signed-in viewer's page says which reviews they liked.
 */
export function reviewPageCacheSlot(
  concertId: string,
  viewerId: string | undefined,
  page: ReviewPageQuery,
): CacheSlot | undefined {
  if (viewerId !== undefined) return undefined;
  return { tag: concertReviewsTag(concertId), key: `${page.limit}:${page.offset}` };
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
  db: Database,
  concertId: string,
  viewerId: string | undefined,
  page: ReviewPageQuery,
): Promise<Review[]> {
  const rows = await selectConcertReviews(db, concertId, viewerId, page);
  // Reviews prove their concert exists; only an empty page needs to ask.
  if (rows.length === 0 && !(await findReviewConcert(db, concertId))) {
    throw notFound(CONCERT_NOT_FOUND);
  }
  return rows.map(toReview);
}
