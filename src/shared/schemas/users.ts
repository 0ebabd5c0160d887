import { z } from 'zod';

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
