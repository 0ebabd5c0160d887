/** League tables (/rankings): aggregates of concert rows, rebuilt by a job. */
import { sql } from 'drizzle-orm';
import {
  boolean,
  jsonb,
  check,
  index,
  integer,
  numeric,
  pgTable,
  text,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';

/** A month's review count and rating sums, as league_entries.months keeps them. */
export interface MonthSums {
  n: number;
  overall: number;
  performance: number;
  sound: number;
  venue: number;
  value: number;
}

const total = (name: string) =>
  numeric(name, { precision: 14, scale: 1, mode: 'number' }).notNull();

/**
 * Review counts and rating sums per venue and per artist, for each city and genre ('' is
 * all of them) and period ('all' or '12m', by concert date), replaced as a whole by the
 * refresh-league-tables job. The row without a subject holds its table's totals: the mean
 * the Bayesian scores lean toward (#shared/ranking-rule).
 */
export const leagueEntries = pgTable(
  'league_entries',
  {
    kind: text('kind').$type<'venue' | 'artist'>().notNull(),
    period: text('period').$type<'all' | '12m'>().notNull(),
    city: text('city').notNull(),
    genre: text('genre').notNull(),
    /** A venue's or an artist's id as `kind` says; null on the table's totals. */
    subjectId: uuid('subject_id'),
    reviewsCount: integer('reviews_count').notNull(),
    overallTotal: total('overall_total'),
    performanceTotal: total('performance_total'),
    soundTotal: total('sound_total'),
    venueTotal: total('venue_total'),
    valueTotal: total('value_total'),
    /**
     * The subject's place in its table by each aspect under the rule of `league_rule`;
     * null below the rule's minimum of reviews and on the totals row.
     */
    overallRank: integer('overall_rank'),
    performanceRank: integer('performance_rank'),
    soundRank: integer('sound_rank'),
    venueRank: integer('venue_rank'),
    valueRank: integer('value_rank'),
    /**
     * On a subject's row of all time across every city and genre: the shows its page lists
     * first, best first (an artist's most reviewed, a venue's best rated); null elsewhere.
     */
    topShowIds: text('top_show_ids').array(),
    /**
     * On the same rows: the review count and rating sums of each month of the last 12 with
     * reviews, by 'YYYY-MM' ({ n, overall, performance, sound, venue, value }).
     */
    months: jsonb('months').$type<Record<string, MonthSums>>(),
  },
  (t) => [
    check('league_entries_kind_check', sql`${t.kind} IN ('venue', 'artist')`),
    check('league_entries_period_check', sql`${t.period} IN ('all', '12m')`),
    check('league_entries_reviews_count_positive', sql`${t.reviewsCount} > 0`),
    unique('league_entries_table_subject_unique')
      .on(t.kind, t.period, t.city, t.genre, t.subjectId)
      .nullsNotDistinct(),
    ...(['overall', 'performance', 'sound', 'venue', 'value'] as const).map((aspect) => {
      const rank = t[`${aspect}Rank`];
      return index(`league_entries_${aspect}_rank_idx`)
        .on(t.kind, t.period, t.city, t.genre, rank)
        .where(sql`${rank} IS NOT NULL`);
    }),
  ],
);

/** The ranking rule the tables' ranks were made with: one row once they were built. */
export const leagueRule = pgTable(
  'league_rule',
  {
    one: boolean('one').primaryKey().default(true),
    priorWeight: numeric('prior_weight', { mode: 'number' }).notNull(),
    minReviews: integer('min_reviews').notNull(),
  },
  (t) => [check('league_rule_one_row', sql`${t.one}`)],
);
