import { z } from 'zod';
import { idParam } from './common.ts';

export const userIdParams = z.object({ id: idParam('id') });

/** The signed-in person as `GET /api/user` answers it. */
export const currentUserSchema = z
  .object({
    id: z.uuid(),
    email: z.string().nullable(),
    username: z.string().nullable(),
    firstName: z.string().nullable(),
    lastName: z.string().nullable(),
    profileImageUrl: z.string().nullable(),
    bio: z.string().nullable(),
    location: z.string().nullable(),
    isVerified: z.boolean(),
    isPrivate: z.boolean(),
    favoriteGenres: z.array(z.string()),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: 'CurrentUser' });
export type CurrentUser = z.infer<typeof currentUserSchema>;

/** A person's numbers (spec §3 "stats"), plus what My Reviews shows of their reviews. */
export const userStatsSchema = z
  .object({
    /** Distinct past concerts the person reviewed. */
    concertsAttended: z.number().int(),
    reviewsWritten: z.number().int(),
    followers: z.number().int(),
    following: z.number().int(),
    /** Mean overall rating of their reviews; null without reviews. */
    averageRating: z.number().nullable(),
    /** Likes and comments others gave their reviews. */
    likesReceived: z.number().int(),
    commentsReceived: z.number().int(),
  })
  .meta({ id: 'UserStats' });
export type UserStats = z.infer<typeof userStatsSchema>;
