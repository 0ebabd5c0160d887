import { z } from 'zod';
import { ratingAveragesSchema } from './concerts.ts';
import { personFields, usernameParams } from './users.ts';

/** The earliest and latest years a year in review can be asked for. */
export const YEAR_MIN = 1900;
export const YEAR_MAX = 2100;

/** A person's year by their username: `/…/username/{username}/year/{year}`. */
export const yearParams = usernameParams.extend({
  year: z.coerce
    .number({ error: `year must be a year from ${YEAR_MIN} to ${YEAR_MAX}` })
    .int(`year must be a whole year`)
    .min(YEAR_MIN, `year must be from ${YEAR_MIN} on`)
    .max(YEAR_MAX, `year must be at most ${YEAR_MAX}`),
});

export type AspectAverages = z.infer<typeof ratingAveragesSchema>;

/** A person's year of shows (docs/product.md "Year in review"). */
export const yearInReviewSchema = z
  .object({
    year: z.number().int(),
    /**
     * Whose year: the person fields, the username always set (a year is reached by it) and
     * the id a plain string, as this answer has always published it.
     */
    user: z.object({ ...personFields, id: z.string(), username: z.string() }),
    /** Past concerts of that year the person reviewed (how Encore counts "attended"). */
    showsAttended: z.number().int(),
    /** Reviews the person wrote during that year, of shows of any year. */
    showsReviewed: z.number().int(),
    artists: z.number().int(),
    venues: z.number().int(),
    cities: z.number().int(),
    /** Shows attended per month, January first (always 12). */
    months: z.array(z.number().int()),
    /** The person's averages over the shows attended; null without any. */
    averages: ratingAveragesSchema.nullable(),
    /** Everyone's averages over the reviews of that year's concerts; null without any. */
    communityAverages: ratingAveragesSchema.nullable(),
    topShow: z
      .object({
        id: z.string(),
        artist: z.string(),
        venue: z.string(),
        city: z.string(),
        date: z.string(),
        overallRating: z.number(),
      })
      .nullable(),
    mostSeenArtist: z
      .object({ id: z.string(), name: z.string(), shows: z.number().int() })
      .nullable(),
    /** Years in which the person attended shows, newest first. */
    years: z.array(z.number().int()),
    /** Whether anyone may see this year signed out: only then has it a shareable image. */
    isPublic: z.boolean(),
  })
  .meta({ id: 'YearInReview' });
export type YearInReview = z.infer<typeof yearInReviewSchema>;
