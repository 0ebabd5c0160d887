/**
 * GET /api/search: one forgiving search for artists, venues, concerts and people (issue #42,
 * decision 0029). Without `type`, the first few of each group (the header's suggestions);
 * with it, one group a page at a time (the /search page).
 */
import { z } from 'zod';
import { text } from './common';
import { userSummarySchema } from './users';

export const SEARCH_TYPES = ['artists', 'venues', 'concerts', 'people'] as const;
export type SearchType = (typeof SEARCH_TYPES)[number];

export const SEARCH_TEXT_MAX = 100;
/** Each group of the suggestions. */
export const SEARCH_SUGGESTIONS_PER_GROUP = 5;
export const SEARCH_PAGE_DEFAULT = 20;
export const SEARCH_PAGE_MAX = 50;
/** How deep a ranked list pages: past it, a narrower text finds better. */
export const SEARCH_RESULTS_MAX = 500;

export const searchQuerySchema = z.object({
  q: text('q')
    .trim()
    .min(1, 'q must not be empty')
    .max(SEARCH_TEXT_MAX, `q must be at most ${SEARCH_TEXT_MAX} characters`)
    .refine((text) => /[\p{L}\p{N}]/u.test(text), 'q must hold a letter or a digit'),
  type: z.enum(SEARCH_TYPES).optional(),
  limit: z.coerce.number().int().min(1).max(SEARCH_PAGE_MAX).optional(),
  cursor: z
    .string()
    .regex(/^\d{1,4}$/, 'cursor must be the nextCursor of the page before')
    .optional(),
});
export type SearchQuery = z.infer<typeof searchQuerySchema>;

export const artistHitSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    imageUrl: z.string().nullable(),
    followerCount: z.number().int(),
    concertCount: z.number().int(),
  })
  .meta({ id: 'ArtistHit' });

export const venueHitSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    city: z.string(),
    state: z.string().nullable(),
    country: z.string().nullable(),
  })
  .meta({ id: 'VenueHit' });

export const concertHitSchema = z
  .object({
    id: z.string(),
    artist: z.string(),
    venue: z.string(),
    city: z.string(),
    date: z.string(),
  })
  .meta({ id: 'ConcertHit' });

export type ArtistHit = z.infer<typeof artistHitSchema>;
export type VenueHit = z.infer<typeof venueHitSchema>;
export type ConcertHit = z.infer<typeof concertHitSchema>;

export const searchGroupsSchema = z
  .object({
    artists: z.array(artistHitSchema),
    venues: z.array(venueHitSchema),
    concerts: z.array(concertHitSchema),
    /** Only for a signed-in viewer; empty otherwise. */
    people: z.array(userSummarySchema),
  })
  .meta({ id: 'SearchGroups' });
export type SearchGroups = z.infer<typeof searchGroupsSchema>;

const page = <Item extends z.ZodType>(type: SearchType, item: Item) =>
  z.object({
    type: z.literal(type),
    items: z.array(item),
    /** The cursor of the next page; null on the last. */
    nextCursor: z.string().nullable(),
  });

export const searchPageSchema = z
  .discriminatedUnion('type', [
    page('artists', artistHitSchema),
    page('venues', venueHitSchema),
    page('concerts', concertHitSchema),
    page('people', userSummarySchema),
  ])
  .meta({ id: 'SearchPage' });
export type SearchPage = z.infer<typeof searchPageSchema>;
