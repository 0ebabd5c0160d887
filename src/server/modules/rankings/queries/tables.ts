/** What every league statement shares: a table's key, the aspects' columns, the score. */
import { sql, type SQL } from 'drizzle-orm';
import type { RankingAspect, RankingKind, RankingPeriod } from '#shared/schemas/rankings';
import type { RankingRule } from '#shared/ranking-rule';

/** One league table: whose, over which reviews. '' city or genre is all of them. */
export interface LeagueTable {
  kind: RankingKind;
  period: RankingPeriod;
  city: string;
  genre: string;
}

export const kindOf = { venues: 'venue', artists: 'artist' } as const;

export const ASPECT_KEYS = {
  overall: 'overallTotal',
  performance: 'performanceTotal',
  sound: 'soundTotal',
  venue: 'venueTotal',
  value: 'valueTotal',
} as const;

export const RANK_KEYS = {
  overall: 'overallRank',
  performance: 'performanceRank',
  sound: 'soundRank',
  venue: 'venueRank',
  value: 'valueRank',
} as const;

export const ASPECTS = Object.keys(ASPECT_KEYS) as RankingAspect[];

/**
 * A subject's score under the rule (#shared/ranking-rule): its own sum and count of
 * reviews, with the table's `mean` weighted by the prior.
 */
export function bayesianScore(rule: RankingRule, mean: SQL, sum: SQL, count: SQL): SQL {
  return sql`((${rule.priorWeight}::numeric * ${mean} + ${sum}) / (${rule.priorWeight}::numeric + ${count}))::float8`;
}
