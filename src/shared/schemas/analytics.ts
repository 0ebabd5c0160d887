import { z } from 'zod';
import { limitParam } from './common.ts';
import { TOP_LIST_LIMIT } from '../limits.ts';

export const topListQuerySchema = z.object({ limit: limitParam(50, TOP_LIST_LIMIT) });

/** Rows keep the names of docs/product.md §3 "Analytics rows". */
export const topVenueSchema = z
  .object({
    /** The venue's page (/venues/{id}). */
    id: z.string(),
    venue: z.string(),
    city: z.string(),
    review_count: z.number().int(),
    avg_rating: z.number(),
  })
  .meta({ id: 'TopVenue' });
export type TopVenue = z.infer<typeof topVenueSchema>;

export const topArtistSchema = z
  .object({
    /** The artist's page (/artists/{id}). */
    id: z.string(),
    artist: z.string(),
    review_count: z.number().int(),
    avg_rating: z.number(),
    avg_performance: z.number(),
  })
  .meta({ id: 'TopArtist' });
export type TopArtist = z.infer<typeof topArtistSchema>;
