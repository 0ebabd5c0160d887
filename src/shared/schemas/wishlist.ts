import { z } from 'zod';

export const addToWishlistBodySchema = z.object({
  concertId: z
    .string({ error: 'concertId is required' })
    .trim()
    .min(1, 'concertId is required')
    .max(200, 'concertId is too long'),
});

export const wishlistEntrySchema = z
  .object({
    id: z.string(),
    userId: z.string(),
    concertId: z.string(),
    createdAt: z.string(),
  })
  .meta({ id: 'WishlistEntry' });
export type WishlistEntry = z.infer<typeof wishlistEntrySchema>;
