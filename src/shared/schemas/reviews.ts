import { z } from 'zod';
import {
  beforeIdPageQuery,
  choiceParam,
  idParam,
  limitParam,
  offsetParam,
  text,
  writtenText,
} from './common.ts';
import { concertIdText, concertSummaryFields } from './concerts.ts';
import { altTextSchema, reviewMediaSchema } from './media.ts';
import { REVIEW_PAGE_MAX } from '../constants.ts';
import {
  COMMENT_TEXT_MAX,
  COMMENT_TEXT_MIN,
  MAX_REVIEW_HIGHLIGHTS,
  MAX_REVIEW_PHOTOS,
  RATING_MAX,
  RATING_MIN,
  RATING_STEP,
  REVIEW_TEXT_MAX,
  REVIEW_TEXT_MIN,
  TIMELINE_LIMIT,
} from '../limits.ts';

const reviewAuthorSchema = z
  .object({
    id: z.string(),
    firstName: z.string().nullable(),
    lastName: z.string().nullable(),
    username: z.string().nullable(),
    profileImageUrl: z.string().nullable(),
  })
  .meta({ id: 'ReviewAuthor' });
export type ReviewAuthor = z.infer<typeof reviewAuthorSchema>;

const reviewConcertSchema = z.object(concertSummaryFields).meta({ id: 'ReviewConcert' });

/** A review as the API shows it (docs/product.md §3 "API view"). */
export const reviewSchema = z
  .object({
    id: z.string(),
    userId: z.string(),
    concertId: z.string(),
    overallRating: z.number(),
    performanceRating: z.number(),
    soundRating: z.number(),
    venueRating: z.number(),
    valueRating: z.number(),
    reviewText: z.string(),
    /** The setlist songs the author marked as the show's highlights (at most 5). */
    highlights: z.array(z.string()),
    /** The photos' and videos' urls, in order. */
    photos: z.array(z.string()),
    /** The same files with their kind, thumbnail, size and alt text. */
    media: z.array(reviewMediaSchema),
    createdAt: z.string(),
    updatedAt: z.string(),
    /** When the author last changed it; null if never. */
    editedAt: z.string().nullable(),
    user: reviewAuthorSchema,
    concert: reviewConcertSchema,
    likesCount: z.number().int(),
    commentsCount: z.number().int(),
    isLiked: z.boolean(),
  })
  .meta({ id: 'Review' });
export type Review = z.infer<typeof reviewSchema>;

/** Paging of a concert's reviews: newest first, `limit` at a time. */
export const reviewPageQuerySchema = z.object({
  limit: limitParam(REVIEW_PAGE_MAX, TIMELINE_LIMIT),
  offset: offsetParam(),
});
export type ReviewPageQuery = z.infer<typeof reviewPageQuerySchema>;

export const REVIEW_SORTS = ['recent', 'rating'] as const;
export type ReviewSort = (typeof REVIEW_SORTS)[number];

/** Where a list continues: after the review with this id (the last one the client holds). */
const beforeParam = idParam('before').optional();

/** Whose reviews a list holds: everyone's, or only those of the people the viewer follows. */
export const REVIEW_FEEDS = ['everyone', 'following'] as const;
export type ReviewFeed = (typeof REVIEW_FEEDS)[number];

/**
 * GET /api/reviews: recent (newest first) or rating (Trending), of everyone; or, with
 * feed=following (signed in only), the reviews of the people the viewer follows, newest first.
 */
export const reviewListQuerySchema = z.object({
  limit: limitParam(REVIEW_PAGE_MAX, TIMELINE_LIMIT),
  sort: choiceParam('sort', REVIEW_SORTS).default('recent'),
  feed: choiceParam('feed', REVIEW_FEEDS).default('everyone'),
  before: beforeParam,
});
export type ReviewListQuery = z.infer<typeof reviewListQuerySchema>;

/** A person's reviews, newest first. */
export const userReviewsQuerySchema = beforeIdPageQuery(REVIEW_PAGE_MAX, TIMELINE_LIMIT);
export type UserReviewsQuery = z.infer<typeof userReviewsQuerySchema>;

export const reviewCommentsParams = z.object({ reviewId: idParam('reviewId') });

const rating = (name: string) =>
  z
    .number({ error: `${name} must be a number from ${RATING_MIN} to ${RATING_MAX}` })
    .min(RATING_MIN, `${name} must be at least ${RATING_MIN}`)
    .max(RATING_MAX, `${name} must be at most ${RATING_MAX}`)
    .multipleOf(RATING_STEP, `${name} must be in steps of ${RATING_STEP}`);

/**
 * A photo or video the review shows, by id: one of the author's uploads (the `files[].id`
 * POST /api/upload answers) or a file the review shows already (its `media[].id`, the same
 * id for an upload), with its alt text.
 */
const mediaChoiceSchema = z.object(
  { id: idParam('media id'), altText: altTextSchema.nullish() },
  { error: 'media must be { id, altText } objects' },
);
export type MediaChoice = z.infer<typeof mediaChoiceSchema>;

/**
 * The review text's rule: `messages` word it for whoever reads them; the API's name the field,
 * the review dialog's speak to the writer.
 */
export const reviewTextRule = (
  messages = {
    tooShort: `reviewText must be at least ${REVIEW_TEXT_MIN} characters`,
    tooLong: `reviewText must be at most ${REVIEW_TEXT_MAX} characters`,
  },
) =>
  writtenText('reviewText', REVIEW_TEXT_MAX, messages.tooLong).min(
    REVIEW_TEXT_MIN,
    messages.tooShort,
  );

/** What a person writes: ratings, text, highlights and media. PUT sends this; POST adds the concert. */
export const reviewContentSchema = z.object({
  overallRating: rating('overallRating'),
  performanceRating: rating('performanceRating'),
  soundRating: rating('soundRating'),
  venueRating: rating('venueRating'),
  valueRating: rating('valueRating'),
  reviewText: reviewTextRule(),
  media: z
    .array(mediaChoiceSchema, { error: 'media must be a list' })
    .max(MAX_REVIEW_PHOTOS, `media can hold at most ${MAX_REVIEW_PHOTOS} photos or videos`)
    .refine((items) => new Set(items.map((item) => item.id)).size === items.length, {
      message: 'media lists the same file twice',
    })
    .default([]),
  /** Songs of the concert's setlist (checked by the server); none when it has no setlist. */
  highlights: z
    .array(text('highlights').min(1, 'highlights must be song titles').max(300), {
      error: 'highlights must be a list of song titles',
    })
    .max(MAX_REVIEW_HIGHLIGHTS, `highlights can hold at most ${MAX_REVIEW_HIGHLIGHTS} songs`)
    .refine((songs) => new Set(songs).size === songs.length, {
      message: 'highlights: each song can be marked once',
    })
    .default([]),
});
export type ReviewContent = z.infer<typeof reviewContentSchema>;

/** The overall rating and the four aspects of a show. */
export type Ratings = Pick<
  ReviewContent,
  'overallRating' | 'performanceRating' | 'soundRating' | 'venueRating' | 'valueRating'
>;

export const createReviewBodySchema = reviewContentSchema.extend({
  concertId: concertIdText('concertId'),
  /** The concert as the client saw it. Never trusted: the concert is read from its source. */
  concert: z.unknown().optional(),
});
export type CreateReviewBody = z.infer<typeof createReviewBodySchema>;

/** Likes resource (docs/product.md §3). */
export const likesSchema = z
  .object({ count: z.number().int(), isLiked: z.boolean() })
  .meta({ id: 'Likes' });
export type Likes = z.infer<typeof likesSchema>;

export const commentSchema = z
  .object({
    id: z.string(),
    reviewId: z.string(),
    userId: z.string(),
    commentText: z.string(),
    createdAt: z.string(),
    updatedAt: z.string(),
    user: reviewAuthorSchema,
  })
  .meta({ id: 'Comment' });
export type Comment = z.infer<typeof commentSchema>;

export const createCommentBodySchema = z.object({
  commentText: writtenText('commentText', COMMENT_TEXT_MAX).min(
    COMMENT_TEXT_MIN,
    'commentText must not be empty',
  ),
});

export const COMMENT_PAGE_MAX = 100;
export const COMMENT_PAGE_DEFAULT = 50;

/** A review's comments, oldest first; `after` continues after that comment. */
export const commentListQuerySchema = z.object({
  limit: limitParam(COMMENT_PAGE_MAX, COMMENT_PAGE_DEFAULT),
  after: idParam('after').optional(),
});
export type CommentListQuery = z.infer<typeof commentListQuerySchema>;
