/**
 * How the league tables (/rankings) and Community Favorites rank venues and artists
 * (docs/product.md §2 "Rankings"). A plain average lets one enthusiastic review top a room
 * two hundred people rated; a Bayesian average does not:
 *
 *   score = (C · m + sum) / (C + n)
 *
 * where n is the subject's review count, sum the sum of its ratings of the aspect, m the
 * mean of that aspect over every review in the table's scope (the same kind, period, city
 * and genre), and C the prior weight: each score is what its average would be with C more
 * reviews at the mean. Subjects with fewer than the minimum review count are not ranked.
 * Equal scores rank the subject with more reviews first, then by name.
 *
 * The prior alone keeps one 5-star review below a room with 200 reviews averaging 4.6
 * while the mean is below 4.55; the minimum keeps it out whatever the mean.
 */

/** The prior weight C and the minimum review count; RANKING_PRIOR_WEIGHT and RANKING_MIN_REVIEWS. */
export interface RankingRule {
  priorWeight: number;
  minReviews: number;
}

export const DEFAULT_RANKING_RULE: RankingRule = { priorWeight: 10, minReviews: 3 };

/** A subject's reviews of one aspect: how many, and their ratings summed. */
export interface Tally {
  count: number;
  sum: number;
}

/** The mean every score leans toward: all reviews of the scope, or 0 when it has none. */
export function scopeMean(scope: Tally): number {
  return scope.count > 0 ? scope.sum / scope.count : 0;
}

export function bayesianScore(subject: Tally, mean: number, rule: RankingRule): number {
  return (rule.priorWeight * mean + subject.sum) / (rule.priorWeight + subject.count);
}

export interface Candidate extends Tally {
  name: string;
}

export interface Ranked<T> {
  rank: number;
  subject: T;
  score: number;
}

/**
 * The subjects ranked by the rule: those with at least `minReviews` reviews, best score
 * first, ties to more reviews, then to the name. The scope's mean comes from `scope` (all
 * of its reviews, ranked or not), not from the candidates, which may be a part of it.
 */
export function rankByRule<T extends Candidate>(
  candidates: readonly T[],
  scope: Tally,
  rule: RankingRule,
): Ranked<T>[] {
  const mean = scopeMean(scope);
  return candidates
    .filter((subject) => subject.count >= rule.minReviews && subject.count > 0)
    .map((subject) => ({ subject, score: bayesianScore(subject, mean, rule) }))
    .sort(
      (a, b) =>
        b.score - a.score ||
        b.subject.count - a.subject.count ||
        compareNames(a.subject.name, b.subject.name),
    )
    .map((entry, index) => ({ rank: index + 1, ...entry }));
}

/** By code units, as the database's C collation compares them, so both order names alike. */
export function compareNames(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Scores and averages as the API gives them: two decimals. */
export function roundScore(value: number): number {
  return Math.round(value * 100) / 100;
}

/** The page's one sentence on the rule, exact for the rule the server uses. */
export function ruleSentence(rule: RankingRule, subjects: 'venues' | 'artists'): string {
  const more = rule.priorWeight === 1 ? '1 more review' : `${rule.priorWeight} more reviews`;
  const least = rule.minReviews === 1 ? '1 review' : `${rule.minReviews} reviews`;
  return (
    `Scores are Bayesian averages: each is pulled toward the overall mean as if it had ` +
    `${more} at that mean, and only ${subjects} with at least ${least} are ranked.`
  );
}
