import { z } from 'zod';
import { choiceParam, text } from './common.ts';
import { GENRE_SLUGS } from './concerts.ts';
import { LOCATION_MAX } from '../limits.ts';

export const RANKING_KINDS = ['venues', 'artists'] as const;
export type RankingKind = (typeof RANKING_KINDS)[number];
/** The aspects a review rates, as the concert page names them (docs/product.md §2). */
export const RANKING_ASPECTS = ['overall', 'performance', 'sound', 'venue', 'value'] as const;
export type RankingAspect = (typeof RANKING_ASPECTS)[number];
/** All time, or the 12 months up to today by concert date. */
export const RANKING_PERIODS = ['all', '12m'] as const;
export type RankingPeriod = (typeof RANKING_PERIODS)[number];
/** Rows of one league table. */
export const RANKING_LIMIT = 50;

/** An absent or empty value is the default (all cities, all genres). */
const orDefault =
  <T extends string>(fallback: T) =>
  (value: unknown) =>
    value === undefined || (typeof value === 'string' && value.trim() === '') ? fallback : value;

export const rankingsQuerySchema = z.object({
  kind: z.preprocess(orDefault('venues'), choiceParam('kind', RANKING_KINDS)),
  aspect: z.preprocess(orDefault('overall'), choiceParam('aspect', RANKING_ASPECTS)),
  /** A city's name as concerts give it ("Chicago"); empty is every city. */
  city: z.preprocess(
    orDefault(''),
    text('city').trim().max(LOCATION_MAX, `city is at most ${LOCATION_MAX} characters`),
  ),
  genre: z.preprocess(
    orDefault(''),
    z.union([z.literal(''), z.enum(GENRE_SLUGS)], {
      error: `genre must be one of ${GENRE_SLUGS.join(', ')}`,
    }),
  ),
  period: z.preprocess(orDefault('all'), choiceParam('period', RANKING_PERIODS)),
});
export type RankingsQuery = z.infer<typeof rankingsQuerySchema>;

export const rankingRowSchema = z
  .object({
    rank: z.number().int(),
    id: z.string(),
    name: z.string(),
    /** The venue's city; null for artists. */
    city: z.string().nullable(),
    /** The artist's genres; empty for venues. */
    genres: z.array(z.string()),
    /** The Bayesian average the table is ranked by, two decimals. */
    score: z.number(),
    /** The plain average of the aspect, two decimals. */
    average: z.number(),
    reviewCount: z.number().int(),
  })
  .meta({ id: 'RankingRow' });
export type RankingRow = z.infer<typeof rankingRowSchema>;

export const rankingsSchema = z
  .object({
    kind: z.enum(RANKING_KINDS),
    aspect: z.enum(RANKING_ASPECTS),
    city: z.string(),
    genre: z.string(),
    period: z.enum(RANKING_PERIODS),
    /** The rule the scores follow (#shared/ranking-rule), for the page to state it. */
    rule: z.object({ priorWeight: z.number(), minReviews: z.number().int() }),
    rows: z.array(rankingRowSchema),
  })
  .meta({ id: 'Rankings' });
export type Rankings = z.infer<typeof rankingsSchema>;
