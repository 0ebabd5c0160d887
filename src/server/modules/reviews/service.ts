/**
 * Reviews: how a show really was, on the four things that matter at a show. Anyone may
 * read them; only their author may change or delete them. A review is of a concert that
 * has happened, one per person and concert; its photos and videos are its author's own
 * uploads.
 */
import { format, parseISO } from 'date-fns';
import type {
  CreateReviewBody,
  Review,
  ReviewContent,
  ReviewListQuery,
  ReviewPageQuery,
  UserReviewsQuery,
} from '#shared/schemas/reviews';
import { TICKETMASTER_ID_PREFIX } from '#shared/constants';
import type { ChangeRecorder } from '#server/changes/index.ts';
import type { WriteLimits } from '#server/config.ts';
import {
  badRequest,
  conflict,
  forbidden,
  notFound,
  sqlState,
  unauthorized,
} from '#server/http-error.ts';
import type { Tx } from '#server/db/index.ts';
import { todayOfPerson } from '../account/index.ts';
import {
  isSignedIn,
  type ServiceContext,
  type SignedInContext,
} from '#server/lib/service-context.ts';
import {
  CONCERT_NOT_FOUND,
  lookUpProviderConcert,
  storeResolvedConcert,
  type ResolvedConcert,
} from '../concerts/index.ts';
import { markAttendedIn } from '../attendance/index.ts';
import { selectSetlistSongs } from '../setlists/index.ts';
import { requireContentAccess } from '../users/index.ts';
import {
  attachUploads,
  releaseAllReviewMedia,
  replaceReviewMedia,
  takeUploadsForNewReview,
  type WantedMedia,
} from '../uploads/index.ts';
import { refuseReadAcrossBlock } from '../users/index.ts';
import {
  findReviewAuthor,
  findReviewConcert,
  findReviewCreatedAt,
  selectConcertReviews,
  selectReview,
  selectReviewIdsOfConcerts,
  selectReviewList,
  type ReviewViewRow,
} from './queries.ts';
import { newReviewAnswer, toReview } from './review-view.ts';
import {
  countReviewWrite,
  deleteReviewRow,
  insertReview,
  lockReview,
  updateReviewContent,
} from './writes.ts';

export const REVIEW_NOT_FOUND = 'Review not found';
const DAY_MS = 24 * 60 * 60 * 1000;
/** Trending looks at this many recent days first, widening while they hold too few reviews. */
export const TRENDING_WINDOWS_DAYS = [30, 365] as const;

/** GET /api/concerts/{id}/reviews: newest first; 404 when the concert does not exist. */
export async function listConcertReviews(
  ctx: ServiceContext,
  concertId: string,
  page: ReviewPageQuery,
): Promise<Review[]> {
  const rows = await selectConcertReviews(ctx.db, concertId, ctx.viewerId, page);
  // Reviews prove their concert exists; only an empty page needs to ask. A Ticketmaster
  // show is stored when someone first saves or marks it: until then its page is read from
  // Ticketmaster, and it has no reviews.
  if (
    rows.length === 0 &&
    !concertId.startsWith(TICKETMASTER_ID_PREFIX) &&
    !(await findReviewConcert(ctx.db, concertId))
  ) {
    throw notFound(CONCERT_NOT_FOUND);
  }
  return rows.map(toReview);
}

/** An empty page after `before` is the end of the list, unless that review does not exist. */
async function checkCursor(ctx: ServiceContext, rows: unknown[], before: string | undefined) {
  if (rows.length === 0 && before && !(await findReviewCreatedAt(ctx.db, before))) {
    throw badRequest('before: no review with that id (it may have been deleted)');
  }
}

/**
 * GET /api/reviews. `recent`: every review, newest first. `rating` (Trending): the best
 * rated reviews of the last 30 days, then by likes, then newest; when those days hold
 * fewer than a page, the last year, then all time. A continued page keeps to the window
 * its cursor review fell in.
 */
export async function listReviews(ctx: ServiceContext, query: ReviewListQuery): Promise<Review[]> {
  if (query.feed === 'following') {
    // The one part of a public route that needs a person: only they follow anyone.
    if (!isSignedIn(ctx)) throw unauthorized();
    return listFollowingFeed(ctx, query);
  }
  const page = { limit: query.limit, before: query.before, viewerId: ctx.viewerId };
  if (query.sort === 'recent') {
    const rows = await selectReviewList(ctx.db, { kind: 'recent' }, page);
    await checkCursor(ctx, rows, query.before);
    return rows.map(toReview);
  }
  const now = Date.now();
  const windows = TRENDING_WINDOWS_DAYS.map((days) => new Date(now - days * DAY_MS));
  if (query.before) {
    const createdAt = await findReviewCreatedAt(ctx.db, query.before);
    if (!createdAt) throw badRequest('before: no review with that id (it may have been deleted)');
    const since = windows.find((start) => createdAt >= start) ?? null;
    const rows = await selectReviewList(ctx.db, { kind: 'trending', since }, page);
    return rows.map(toReview);
  }
  let rows: ReviewViewRow[] = [];
  for (const since of [...windows, null]) {
    rows = await selectReviewList(ctx.db, { kind: 'trending', since }, page);
    if (rows.length >= query.limit) break;
  }
  return rows.map(toReview);
}

/**
 * GET /api/reviews?feed=following: the Following timeline, the reviews of the people the
 * viewer follows, newest first. Only a signed-in person follows anyone.
 */
async function listFollowingFeed(ctx: SignedInContext, query: ReviewListQuery): Promise<Review[]> {
  const { viewerId } = ctx;
  if (query.sort !== 'recent') throw badRequest('sort: the following feed is newest first only');
  const rows = await selectReviewList(
    ctx.db,
    { kind: 'following' },
    { limit: query.limit, before: query.before, viewerId },
  );
  await checkCursor(ctx, rows, query.before);
  return rows.map(toReview);
}

/**
 * GET /api/users/{id}/reviews: the person's reviews, newest first; 404 for nobody and when
 * they and the viewer blocked one another, 403 for a private person's to someone who does
 * not follow them (users/visibility.ts).
 */
export async function listUserReviews(
  ctx: ServiceContext,
  userId: string,
  query: UserReviewsQuery,
): Promise<Review[]> {
  await refuseReadAcrossBlock(ctx.db, ctx.viewerId, userId);
  await requireContentAccess(ctx.db, userId, ctx.viewerId);
  const rows = await selectReviewList(
    ctx.db,
    { kind: 'user', userId },
    { limit: query.limit, before: query.before, viewerId: ctx.viewerId },
  );
  await checkCursor(ctx, rows, query.before);
  return rows.map(toReview);
}

export async function getReview(ctx: ServiceContext, reviewId: string): Promise<Review> {
  const row = await selectReview(ctx.db, reviewId, ctx.viewerId);
  if (!row) throw notFound(REVIEW_NOT_FOUND);
  return toReview(row);
}

const wantedMedia = (media: ReviewContent['media']): WantedMedia[] =>
  media.map((item) => ({ id: item.id, altText: item.altText || null }));

const ratingsOf = (content: ReviewContent) => ({
  overallRating: content.overallRating,
  performanceRating: content.performanceRating,
  soundRating: content.soundRating,
  venueRating: content.venueRating,
  valueRating: content.valueRating,
});

/**
 * The concert a review is about, read once: from the catalogue, or else fetched from its
 * provider (outside any transaction) to be stored with the review. 404 when unknown, 400
 * when it has not happened yet: a concert can be reviewed from its day on.
 */
async function concertToReview(ctx: SignedInContext, concertId: string) {
  const stored = await findReviewConcert(ctx.db, concertId);
  const pending = stored ? undefined : await lookUpProviderConcert(ctx, concertId);
  const summary = stored ?? pending?.concert;
  if (!summary) throw notFound(CONCERT_NOT_FOUND);
  if (summary.date > (await todayOfPerson(ctx.db, ctx.viewerId))) {
    const day = format(parseISO(summary.date), 'MMM d, yyyy');
    throw badRequest(`This concert has not happened yet: it can be reviewed from ${day}`);
  }
  const resolved: ResolvedConcert = pending ? { id: concertId, pending } : { id: concertId };
  const { artist, venue, city, date, genre } = summary;
  return { resolved, summary: { id: concertId, artist, venue, city, date, genre } };
}

/**
 * Highlights are songs of the concert's setlist (its songs or its encore): a concert
 * without one takes none. Read inside the write, after a provider concert and its setlist
 * are stored.
 */
async function checkHighlights(tx: Tx, concertId: string, highlights: string[]): Promise<void> {
  if (highlights.length === 0) return;
  const songs = await selectSetlistSongs(tx, concertId);
  if (!songs) throw badRequest('highlights: this concert has no setlist to mark songs of');
  const known = new Set(songs);
  const unknown = highlights.find((song) => !known.has(song));
  if (unknown !== undefined) {
    throw badRequest(`highlights: "${unknown}" is not in this concert's setlist`);
  }
}

/**
 * POST /api/reviews. The concert is read from where it lives, never from the request, and
 * once; the row goes in with its media, and the answer is made from what was written
 * (a new review has no likes or comments yet), not read back.
 */
/**
 * GET /api/users/me/reviewed-concerts: which of these concerts the person reviewed, so the
 * review dialog offers their review to edit instead of a second one.
 */
export async function listReviewedConcerts(
  ctx: SignedInContext,
  concertIds: string[],
): Promise<{ concertId: string; reviewId: string }[]> {
  return selectReviewIdsOfConcerts(ctx.db, ctx.viewerId, [...new Set(concertIds)]);
}

export async function createReview(
  ctx: SignedInContext,
  body: CreateReviewBody,
  limits: WriteLimits,
): Promise<Review> {
  const userId = ctx.viewerId;
  await countReviewWrite(ctx.db, userId, limits.reviewsPerUserPerHour);
  const { resolved, summary } = await concertToReview(ctx, body.concertId);
  const author = await findReviewAuthor(ctx.db, userId);
  if (!author) throw unauthorized();
  try {
    return await ctx.write(async (tx, changes) => {
      await storeResolvedConcert(tx, changes, resolved);
      await checkHighlights(tx, resolved.id, body.highlights);
      const media = await takeUploadsForNewReview(tx, userId, wantedMedia(body.media));
      const content = {
        userId,
        concertId: resolved.id,
        reviewText: body.reviewText,
        highlights: body.highlights,
        ...ratingsOf(body),
      };
      const written = await insertReview(tx, { ...content, media });
      if (!written) {
        throw conflict('You have already reviewed this concert: edit your review instead');
      }
      await attachUploads(tx, { id: written.id, userId }, media);
      // Writing a review says one was there.
      await markAttendedIn(tx, userId, { id: resolved.id, date: summary.date });
      // The author's followers hear of it from a job, however many they are.
      changes.record({ kind: 'review-posted', reviewId: written.id });
      changes.record({ kind: 'concert-reviews', concertId: resolved.id, ratings: true });
      return newReviewAnswer({ ...content, ...written, media, author, concert: summary });
    });
  } catch (error) {
    // The concert was deleted between the lookup and the insert.
    if (sqlState(error) === '23503') throw notFound(CONCERT_NOT_FOUND);
    throw error;
  }
}

/** The review, locked for the rest of the transaction, if the viewer wrote it. */
async function lockOwnReview(tx: Tx, reviewId: string, userId: string, action: string) {
  const review = await lockReview(tx, reviewId);
  if (!review) throw notFound(REVIEW_NOT_FOUND);
  if (review.userId !== userId) throw forbidden(`Only the author can ${action} this review`);
  return review;
}

/** PUT /api/reviews/{id}: the author replaces ratings, text, highlights and media; it shows as edited. */
export async function updateReview(
  ctx: SignedInContext,
  reviewId: string,
  content: ReviewContent,
): Promise<Review> {
  const userId = ctx.viewerId;
  await ctx.write(async (tx, changes) => {
    const review = await lockOwnReview(tx, reviewId, userId, 'edit');
    await checkHighlights(tx, review.concertId, content.highlights);
    const media = await replaceReviewMedia(
      tx,
      changes,
      { id: review.id, userId, current: review.media },
      wantedMedia(content.media),
    );
    await updateReviewContent(tx, reviewId, {
      ...ratingsOf(content),
      reviewText: content.reviewText,
      highlights: content.highlights,
      media,
      edited: true,
    });
    changes.record({ kind: 'concert-reviews', concertId: review.concertId, ratings: true });
  });
  return getReview(ctx, reviewId);
}

/** Deletes a locked review: its likes, comments and notices go with it (cascade), its files after commit. */
async function deleteLockedReview(
  tx: Tx,
  changes: ChangeRecorder,
  review: { id: string; concertId: string },
): Promise<void> {
  await releaseAllReviewMedia(tx, changes, review.id);
  await deleteReviewRow(tx, review.id);
  changes.record({ kind: 'concert-reviews', concertId: review.concertId, ratings: true });
  changes.record({ kind: 'review-comments', reviewId: review.id });
}

/** DELETE /api/reviews/{id}: by its author. */
export async function deleteReview(
  ctx: SignedInContext,
  reviewId: string,
  limits: WriteLimits,
): Promise<void> {
  const userId = ctx.viewerId;
  await countReviewWrite(ctx.db, userId, limits.reviewsPerUserPerHour);
  await ctx.write(async (tx, changes) => {
    await deleteLockedReview(tx, changes, await lockOwnReview(tx, reviewId, userId, 'delete'));
  });
}

/**
 * An operator's removal of a reported review (`npm run reports`), inside the operator's
 * write: as its author's deletion, without asking who. False when it was already gone.
 */
export async function removeReviewAsOperator(
  tx: Tx,
  changes: ChangeRecorder,
  reviewId: string,
): Promise<boolean> {
  const review = await lockReview(tx, reviewId);
  if (!review) return false;
  await deleteLockedReview(tx, changes, review);
  return true;
}
