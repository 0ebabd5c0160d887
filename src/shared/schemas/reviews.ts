import { z } from 'zod';
import { limitParam, offsetParam } from './common.ts';
import { REVIEW_PAGE_MAX } from '../constants.ts';
import { TIMELINE_LIMIT } from '../limits.ts';

const reviewAuthorSchema = z
  .object({
    id: z.string(),
    firstName: z.string().nullable(),
    lastName: z.string().nullable(),
    username: z.string().nullable(),
    profileImageUrl: z.string().nullable(),
  })
  .meta({ id: 'ReviewAuthor' });

const reviewConcertSchema = z
  .object({
    id: z.string(),
    artist: z.string(),
    venue: z.string(),
    city: z.string(),
    date: z.string(),
  })
  .meta({ id: 'ReviewConcert' });

/** A review as the API shows it (spec §3 "API views add ..."). */
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
    photos: z.array(z.string()),
    createdAt: z.string(),
    updatedAt: z.string(),
    user: reviewAuthorSchema,
    concert: reviewConcertSchema,
    likesCount: z.number().int(),
    commentsCount: z.number().int(),
    isLiked: z.boolean(),
  })
  .meta({ id: 'Review' });
export type Review = z.infer<typeof reviewSchema>;

/** Paging of a review list: newest first, `limit` at a time. */
export const reviewPageQuerySchema = z.object({
  limit: limitParam(REVIEW_PAGE_MAX, TIMELINE_LIMIT),
  offset: offsetParam(),
});
export type ReviewPageQuery = z.infer<typeof reviewPageQuerySchema>;
