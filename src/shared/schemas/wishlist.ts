import { z } from 'zod';
import { concertIdText } from './concerts.ts';

export const addToWishlistBodySchema = z.object({ concertId: concertIdText('concertId') });

export const wishlistConcertParams = z.object({ concertId: concertIdText('concertId') });

export const wishlistEntrySchema = z
  .object({
    id: z.string(),
    userId: z.string(),
    concertId: z.string(),
    createdAt: z.string(),
  })
  .meta({ id: 'WishlistEntry' });
export type WishlistEntry = z.infer<typeof wishlistEntrySchema>;
