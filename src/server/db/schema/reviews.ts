/** Reviews of concerts and their likes; comments are in review-comments.ts. */
import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import type { StoredReviewMedia } from '#shared/schemas/media';
import {
  createdAt,
  updatedAt,
  rating,
  ratingInRange,
  literal,
  rowId,
  textList,
} from './columns.ts';
import {
  MAX_REVIEW_HIGHLIGHTS,
  MAX_REVIEW_PHOTOS,
  REVIEW_TEXT_MAX,
  REVIEW_TEXT_MIN,
} from '#shared/limits';
import { userReference } from './users.ts';
import { concertReference } from './concerts.ts';

export const reviews = pgTable(
  'reviews',
  {
    id: rowId(),
    userId: userReference('user_id'),
    concertId: concertReference('concert_id'),
    overallRating: rating('overall_rating'),
    performanceRating: rating('performance_rating'),
    soundRating: rating('sound_rating'),
    venueRating: rating('venue_rating'),
    valueRating: rating('value_rating'),
    reviewText: text('review_text').notNull(),
    /**
     * The keys of the review's uploads (`ab/<uuid>.webp`), never URLs: reads make the URLs
     * (storage/media-urls.ts). A value that is no key is an image of elsewhere (demo art).
     */
    photos: textList('photos'),
    /**
     * What the review shows of each of its photos and videos, in `photos` order: written
     * with the review from its uploads, so a list of reviews reads no other table for them.
     * `url` and `thumbnailUrl` hold keys, like `photos`.
     */
    media: jsonb('media')
      .$type<StoredReviewMedia[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    /** Setlist songs the reviewer marked as the show's highlights (at most 5). */
    highlights: textList('highlights'),
    /** Kept in the same transaction as the review_like rows it counts. */
    likes: integer('likes').notNull().default(0),
    /** Kept by a trigger on review_comments (review_comments_count), cascades included. */
    commentsCount: integer('comments_count').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    /** When the author last changed the review; null until then. Likes do not count. */
    editedAt: timestamp('edited_at', { withTimezone: true }),
  },
  (t) => [
    unique('reviews_user_concert_unique').on(t.userId, t.concertId),
    check('reviews_overall_rating_range', ratingInRange('overall_rating')),
    check('reviews_performance_rating_range', ratingInRange('performance_rating')),
    check('reviews_sound_rating_range', ratingInRange('sound_rating')),
    check('reviews_venue_rating_range', ratingInRange('venue_rating')),
    check('reviews_value_rating_range', ratingInRange('value_rating')),
    check(
      'reviews_text_length',
      sql`char_length(${t.reviewText}) BETWEEN ${literal(REVIEW_TEXT_MIN)} AND ${literal(REVIEW_TEXT_MAX)}`,
    ),
    check(
      'reviews_photos_count',
      sql`coalesce(array_length(${t.photos}, 1), 0) <= ${literal(MAX_REVIEW_PHOTOS)}`,
    ),
    check(
      'reviews_media_matches_photos',
      sql`jsonb_typeof(${t.media}) = 'array' AND jsonb_array_length(${t.media}) = coalesce(array_length(${t.photos}, 1), 0)`,
    ),
    check(
      'reviews_highlights_count',
      sql`coalesce(array_length(${t.highlights}, 1), 0) <= ${literal(MAX_REVIEW_HIGHLIGHTS)}`,
    ),
    index('reviews_concert_highlights_idx')
      .on(t.concertId)
      .where(sql`${t.highlights} <> '{}'::text[]`),
    check('reviews_likes_non_negative', sql`${t.likes} >= 0`),
    check('reviews_comments_count_non_negative', sql`${t.commentsCount} >= 0`),
    // Every list is newest first with ties by id, so a LIMIT stops after one page and a
    // cursor continues from one row. NULLS FIRST is what ORDER BY ... DESC means; a NULLS
    // LAST index cannot serve that order.
    index('reviews_concert_created_idx').on(
      t.concertId,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index('reviews_user_created_idx').on(
      t.userId,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index('reviews_created_idx').on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    // Trending: best rated, then most liked, then newest, read in that order and filtered
    // to a recent window.
    index('reviews_trending_idx').on(
      t.overallRating.desc().nullsFirst(),
      t.likes.desc().nullsFirst(),
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
  ],
);

/** A review's id in another table: its rows go when the review does. */
export const reviewReference = (column: string) =>
  uuid(column)
    .notNull()
    .references(() => reviews.id, { onDelete: 'cascade' });

export const reviewLikes = pgTable(
  'review_likes',
  {
    id: rowId(),
    userId: userReference('user_id'),
    reviewId: reviewReference('review_id'),
    createdAt: createdAt(),
  },
  (t) => [
    unique('review_likes_pair_unique').on(t.userId, t.reviewId),
    index('review_likes_review_idx').on(t.reviewId),
  ],
);
