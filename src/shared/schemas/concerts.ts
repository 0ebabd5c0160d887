import { z } from 'zod';
import { attendanceStatusSchema } from './attendance.ts';
import { choiceParam, limitParam, offsetParam, text } from './common.ts';
import {
  CONCERT_ID_MAX,
  CONCERT_PAGE_MAX,
  CONCERT_PAGE_SIZE,
  CONCERT_SEARCH_MAX,
} from '../constants.ts';

export { CONCERT_PAGE_SIZE };
import { CITIES, GENRES, HISTORICAL_SEARCH_LIMIT, HISTORICAL_SEARCH_MIN } from '../limits.ts';

export const CITY_SLUGS = CITIES.map((c) => c.slug) as [string, ...string[]];
export const GENRE_SLUGS = GENRES.map((g) => g.slug) as [string, ...string[]];

/** An empty query value means "not set": `?genre=` is the same as no genre. */
const blankAsUnset = (value: unknown) =>
  typeof value === 'string' && value.trim() === '' ? undefined : value;

/** The days a concert date may fall on: wide for history, narrow enough for every database. */
export const EARLIEST_DAY = '1900-01-01';
export const LATEST_DAY = '2199-12-31';

/** yyyy-MM-dd that is a real calendar day between EARLIEST_DAY and LATEST_DAY. */
export const isoDay = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date in the form yyyy-MM-dd')
  .refine((value) => {
    const date = new Date(`${value}T00:00:00Z`);
    return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
  }, 'must be a real calendar date')
  .refine(
    (value) => value >= EARLIEST_DAY && value <= LATEST_DAY,
    `must be between ${EARLIEST_DAY} and ${LATEST_DAY}`,
  );

export const concertListQuerySchema = z
  .object({
    includeTicketmaster: z.preprocess(
      blankAsUnset,
      z.enum(['true', 'false'], { error: 'includeTicketmaster must be true or false' }).optional(),
    ),
    search: z.preprocess(
      blankAsUnset,
      text('search')
        .trim()
        .max(CONCERT_SEARCH_MAX, `search is at most ${CONCERT_SEARCH_MAX} characters`)
        .optional(),
    ),
    genre: z.preprocess(blankAsUnset, choiceParam('genre', GENRE_SLUGS).optional()),
    city: z.preprocess(blankAsUnset, choiceParam('city', CITY_SLUGS).optional()),
    /** Defaults to today on the server. */
    startDate: z.preprocess(blankAsUnset, isoDay.optional()),
    endDate: z.preprocess(blankAsUnset, isoDay.optional()),
    limit: limitParam(CONCERT_PAGE_MAX, CONCERT_PAGE_SIZE),
    offset: offsetParam(),
  })
  .refine((q) => !q.startDate || !q.endDate || q.endDate >= q.startDate, {
    path: ['endDate'],
    message: 'endDate must not be before startDate',
  });
export type ConcertListQuery = z.infer<typeof concertListQuerySchema>;

/**
 * Sent with a list that was to merge a provider's events but answers the catalogue's alone
 * (the provider failed, or its calls are paused for a while); its value names the provider.
 */
export const PROVIDERS_SKIPPED_HEADER = 'encore-providers-skipped';

/**
 * Sent with every page of the list: how many concerts the filters find in all (the
 * catalogue's, plus Ticketmaster's when they are merged in), not only this page. Counting
 * stops past CONCERT_TOTAL_CAP: then the value is "10000+".
 */
export const TOTAL_COUNT_HEADER = 'encore-total-count';
export const CONCERT_TOTAL_CAP = 10_000;

/** The header's value for a count (a count above the cap reads "10000+"). */
export function totalCountValue(count: number): string {
  return count > CONCERT_TOTAL_CAP ? `${CONCERT_TOTAL_CAP}+` : String(count);
}

/** The header read back: the count, and whether there are more than it; null when absent or malformed. */
export function parseTotalCount(
  value: string | null | undefined,
): { count: number; more: boolean } | null {
  const match = /^(\d{1,9})(\+?)$/.exec(value?.trim() ?? '');
  return match ? { count: Number(match[1]), more: match[2] === '+' } : null;
}

/** A concert as lists show it (docs/product.md §3 "List responses"). */
export const concertListItemSchema = z
  .object({
    id: z.string(),
    artist: z.string(),
    /** The artist's and venue's pages; null for a provider's concert we do not hold yet. */
    artistId: z.string().nullable().optional(),
    venue: z.string(),
    venueId: z.string().nullable().optional(),
    date: z.string(),
    /** The time as it was written ("8:00 PM"); startsAt and timeZone say it exactly. */
    time: z.string().nullable(),
    /** When the show starts, ISO in UTC; null while its time is to be announced. */
    startsAt: z.string().nullable().optional(),
    /** The venue's IANA time zone (America/Chicago); null when unknown. */
    timeZone: z.string().nullable().optional(),
    /**
     * When the public sale opens, ISO in UTC; null when unknown. Before then the page and
     * card say "On sale {date} at {time}" on the venue's clock.
     */
    onSaleAt: z.string().nullable().optional(),
    city: z.string(),
    price: z.string().nullable(),
    genre: z.string().nullable().optional(),
    imageUrl: z.string().nullable().optional(),
    ticketUrl: z.string().nullable().optional(),
    /** The setlist's source page, when one is known. */
    setlistUrl: z.string().nullable().optional(),
    averageRating: z.number().nullable().optional(),
  })
  .meta({ id: 'ConcertListItem' });
export type ConcertListItem = z.infer<typeof concertListItemSchema>;

/** The averages of the overall rating and the four aspects over a set of reviews. */
export const ratingAveragesSchema = z.object({
  overall: z.number(),
  performance: z.number(),
  sound: z.number(),
  venue: z.number(),
  value: z.number(),
});

/** A presale (fan club, card holders): when it opens and closes, ISO in UTC, null when unsaid. */
export const presaleSchema = z
  .object({
    name: z.string().nullable(),
    startsAt: z.string().nullable(),
    endsAt: z.string().nullable(),
  })
  .meta({ id: 'Presale' });
export type Presale = z.infer<typeof presaleSchema>;

export const concertDetailSchema = concertListItemSchema
  .extend({
    description: z.string().nullable().optional(),
    /** The show's presales, earliest first; empty when none is known. */
    presales: z.array(presaleSchema).optional(),
    reviewCount: z.number().int(),
    /** Averages of each aspect over the concert's reviews; null when nobody reviewed it. */
    averageRatings: ratingAveragesSchema.nullable(),
    isWishlisted: z.boolean(),
    /** The signed-in viewer's own review of the concert; null for visitors and the unreviewed. */
    viewerReviewId: z.string().nullable(),
    /** The signed-in viewer's mark ("Going", "I was there"); null for visitors and the unmarked. */
    viewerAttendance: attendanceStatusSchema.nullable(),
  })
  .meta({ id: 'ConcertDetail' });
export type ConcertDetail = z.infer<typeof concertDetailSchema>;

/** A concert id as clients send it: our uuid, or a provider's id with its prefix. */
export const concertIdText = (name: string) =>
  text(name).trim().min(1, `${name} is required`).max(CONCERT_ID_MAX, `${name} is too long`);

export const concertIdParams = z.object({ id: concertIdText('id') });

/**
 * GET /api/users/{id}/history: the past concerts a person reviewed, newest concert first;
 * `before` is the id of the last concert of the previous page.
 */
export const concertHistoryQuerySchema = z.object({
  limit: limitParam(CONCERT_PAGE_MAX, CONCERT_PAGE_SIZE),
  before: z.preprocess(blankAsUnset, concertIdText('before').optional()),
});
export type ConcertHistoryQuery = z.infer<typeof concertHistoryQuerySchema>;

export const historicalSearchQuerySchema = z.object({
  artistName: text('artistName')
    .trim()
    .min(HISTORICAL_SEARCH_MIN, `artistName needs at least ${HISTORICAL_SEARCH_MIN} characters`)
    .max(CONCERT_SEARCH_MAX, `artistName is at most ${CONCERT_SEARCH_MAX} characters`),
  limit: limitParam(50, HISTORICAL_SEARCH_LIMIT),
});

/** Which concert, in short: what a review names, and what the historical search finds. */
export const concertSummaryFields = {
  id: z.string(),
  artist: z.string(),
  venue: z.string(),
  city: z.string(),
  date: z.string(),
  genre: z.string().nullable(),
};

/** A past concert found by the historical search (docs/product.md §7 setlistfm). */
export const historicalConcertSchema = z
  .object(concertSummaryFields)
  .meta({ id: 'HistoricalConcert' });
export type HistoricalConcert = z.infer<typeof historicalConcertSchema>;

/**
 * GET /api/users/me/reviewed-concerts: which of these concerts (comma-separated ids, as the
 * review dialog's search shows them) the signed-in person reviewed already.
 */
export const reviewedConcertsQuerySchema = z.object({
  concertIds: text('concertIds')
    .transform((ids) =>
      ids
        .split(',')
        .map((id) => id.trim())
        .filter((id) => id !== ''),
    )
    .pipe(
      z
        .array(z.string().max(CONCERT_ID_MAX, 'concertIds: an id is too long'))
        .min(1, 'concertIds needs at least one id')
        .max(50, 'concertIds takes at most 50 ids'),
    ),
});

/** One of the person's reviews, by the concert it is of. */
export const reviewedConcertSchema = z
  .object({ concertId: z.string(), reviewId: z.string() })
  .meta({ id: 'ReviewedConcert' });
export type ReviewedConcert = z.infer<typeof reviewedConcertSchema>;
