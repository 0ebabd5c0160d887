/**
 * A review as the API shows it (toReview, from the list statements' rows), and where pages
 * of reviews are kept in the response cache.
 */
import type { ReviewMedia } from '#shared/schemas/media';
import type { Ratings, Review, ReviewListQuery, ReviewPageQuery } from '#shared/schemas/reviews';
import { cacheTags } from '#server/changes/index.ts';
import { isoTime } from '#server/db/json-rows.ts';
import type { CacheSlot } from '#server/read-cache.ts';
import { mediaShown, mediaUrl, pictureUrl } from '#server/storage/index.ts';
import type { ReviewAuthorRow, ReviewViewRow } from './queries.ts';

export function toReview(row: ReviewViewRow): Review {
  return {
    id: row.id,
    userId: row.userId,
    concertId: row.concertId,
    overallRating: row.overallRating,
    performanceRating: row.performanceRating,
    soundRating: row.soundRating,
    venueRating: row.venueRating,
    valueRating: row.valueRating,
    reviewText: row.reviewText,
    highlights: row.highlights,
    photos: row.photos.map(mediaUrl),
    media: row.media.map(mediaShown),
    createdAt: isoTime(row.createdAt),
    updatedAt: isoTime(row.updatedAt),
    editedAt: row.editedAt === null ? null : isoTime(row.editedAt),
    user: {
      id: row.userId,
      firstName: row.authorFirstName,
      lastName: row.authorLastName,
      username: row.authorUsername,
      profileImageUrl: pictureUrl(row.authorProfileImageUrl),
    },
    concert: {
      id: row.concertId,
      artist: row.concertArtist,
      venue: row.concertVenue,
      city: row.concertCity,
      date: row.concertDate,
      genre: row.concertGenre,
    },
    likesCount: row.likesCount,
    commentsCount: row.commentsCount,
    isLiked: row.isLiked,
  };
}

/**
 * A review just written, as the API shows it, from what was written: nobody has liked or
 * commented on it yet, and it has not been edited.
 */
export function newReviewAnswer(
  written: Ratings & {
    id: string;
    userId: string;
    concertId: string;
    reviewText: string;
    highlights: string[];
    media: ReviewMedia[];
    createdAt: Date;
    updatedAt: Date;
    author: ReviewAuthorRow;
    concert: Review['concert'];
  },
): Review {
  const { author, media, createdAt, updatedAt, ...review } = written;
  return {
    ...review,
    photos: media.map((item) => mediaUrl(item.url)),
    media: media.map(mediaShown),
    createdAt: createdAt.toISOString(),
    updatedAt: updatedAt.toISOString(),
    editedAt: null,
    user: { id: review.userId, ...author, profileImageUrl: pictureUrl(author.profileImageUrl) },
    likesCount: 0,
    commentsCount: 0,
    isLiked: false,
  };
}

/**
 * Where an anonymous page of a list is cached; signed-in pages say which reviews the
 * viewer liked and are not shared. A page shows its authors' names and pictures, so a
 * change to any of them drops it too.
 */
function anonymousPageSlot(
  key: string,
  tag: string,
  viewerId: string | undefined,
): CacheSlot<Review[]> | undefined {
  if (viewerId !== undefined) return undefined;
  return {
    key,
    tags: [tag],
    tagsOf: (reviews) => [...new Set(reviews.map((review) => cacheTags.user(review.userId)))],
  };
}

export const reviewPageCacheSlot = (
  concertId: string,
  viewerId: string | undefined,
  page: ReviewPageQuery,
) =>
  anonymousPageSlot(
    `concert-reviews:${concertId}:${page.limit}:${page.offset}`,
    cacheTags.concertReviews(concertId),
    viewerId,
  );

export const reviewListCacheSlot = (viewerId: string | undefined, query: ReviewListQuery) =>
  query.feed === 'following'
    ? undefined
    : anonymousPageSlot(
        `reviews:${query.sort}:${query.limit}:${query.before ?? ''}`,
        cacheTags.reviewLists,
        viewerId,
      );
