import { describe, expect, it } from 'vitest';
import {
  bayesianScore,
  DEFAULT_RANKING_RULE,
  rankByRule,
  roundScore,
  ruleSentence,
  scopeMean,
  type Candidate,
  type Tally,
} from './ranking-rule';

const venue = (name: string, count: number, average: number): Candidate => ({
  name,
  count,
  sum: count * average,
});

/** The scope holding exactly these subjects' reviews. */
const scopeOf = (subjects: readonly Tally[]): Tally => ({
  count: subjects.reduce((total, s) => total + s.count, 0),
  sum: subjects.reduce((total, s) => total + s.sum, 0),
});

const names = (ranked: { subject: Candidate }[]) => ranked.map((entry) => entry.subject.name);

describe('bayesianScore', () => {
  it('is the average with C more reviews at the mean', () => {
    // (10 · 4 + 3 · 5) / (10 + 3) = 55 / 13
    expect(bayesianScore({ count: 3, sum: 15 }, 4, DEFAULT_RANKING_RULE)).toBeCloseTo(55 / 13, 12);
  });

  it('is the mean for a subject with no reviews, and nears the raw average as reviews grow', () => {
    expect(bayesianScore({ count: 0, sum: 0 }, 3.7, DEFAULT_RANKING_RULE)).toBeCloseTo(3.7, 12);
    const many = bayesianScore({ count: 10_000, sum: 10_000 * 4.2 }, 3, DEFAULT_RANKING_RULE);
    expect(many).toBeGreaterThan(4.19);
    expect(many).toBeLessThan(4.2);
  });

  it('with a prior weight of 0 is the plain average', () => {
    expect(bayesianScore({ count: 4, sum: 18 }, 1, { priorWeight: 0, minReviews: 1 })).toBe(4.5);
  });
});

describe('scopeMean', () => {
  it('is the mean of every review in the scope, 0 when there is none', () => {
    expect(scopeMean({ count: 4, sum: 14 })).toBe(3.5);
    expect(scopeMean({ count: 0, sum: 0 })).toBe(0);
  });
});

describe('rankByRule', () => {
  it('never lets a single 5-star review top a venue with 200 reviews averaging 4.6', () => {
    const subjects = [
      venue('One Night Wonder', 1, 5),
      venue('The Big Room', 200, 4.6),
      venue('Everywhere Else', 800, 3.8),
    ];
    const scope = scopeOf(subjects); // mean 3.96
    // Without a minimum the single review is ranked, and comes second.
    const noMinimum = rankByRule(subjects, scope, { priorWeight: 10, minReviews: 1 });
    expect(names(noMinimum)).toEqual(['The Big Room', 'One Night Wonder', 'Everywhere Else']);
    expect(noMinimum[1]!.score).toBeLessThan(noMinimum[0]!.score);
    // With the default minimum it is not ranked at all.
    expect(names(rankByRule(subjects, scope, DEFAULT_RANKING_RULE))).toEqual([
      'The Big Room',
      'Everywhere Else',
    ]);
  });

  it('keeps the single review out even where the mean is as high as the big room: the minimum', () => {
    // A scope of these two alone has a mean of 4.6: any prior weight then puts one 5 just
    // above 4.6, which is why the rule has a minimum as well as a prior.
    const subjects = [venue('One Night Wonder', 1, 5), venue('The Big Room', 200, 4.6)];
    const scope = scopeOf(subjects);
    const noMinimum = rankByRule(subjects, scope, { priorWeight: 10, minReviews: 1 });
    expect(names(noMinimum)).toEqual(['One Night Wonder', 'The Big Room']);
    expect(names(rankByRule(subjects, scope, DEFAULT_RANKING_RULE))).toEqual(['The Big Room']);
  });

  it('without a minimum, holds whenever the mean is below 4.55', () => {
    for (const mean of [1, 2.5, 3, 3.5, 4, 4.5, 4.55]) {
      const one = bayesianScore({ count: 1, sum: 5 }, mean, DEFAULT_RANKING_RULE);
      const big = bayesianScore({ count: 200, sum: 920 }, mean, DEFAULT_RANKING_RULE);
      expect(one, `mean ${mean}`).toBeLessThan(big);
    }
  });

  it('leaves out subjects below the minimum but keeps their reviews in the mean', () => {
    const subjects = [venue('A', 2, 5), venue('B', 3, 4), venue('C', 3, 3)];
    const scope = scopeOf(subjects); // 8 reviews, sum 31
    const ranked = rankByRule(subjects, scope, DEFAULT_RANKING_RULE);
    expect(names(ranked)).toEqual(['B', 'C']);
    expect(ranked[0]!.score).toBeCloseTo((10 * (31 / 8) + 12) / 13, 12);
    expect(ranked.map((entry) => entry.rank)).toEqual([1, 2]);
  });

  it('with small counts ranks a steady record over a short perfect one', () => {
    const subjects = [venue('Three Perfect', 3, 5), venue('Thirty Good', 30, 4.5)];
    const scope = { count: 1000, sum: 3500 }; // mean 3.5
    const ranked = rankByRule(subjects, scope, DEFAULT_RANKING_RULE);
    // (35 + 15) / 13 = 3.85 against (35 + 135) / 40 = 4.25
    expect(names(ranked)).toEqual(['Thirty Good', 'Three Perfect']);
    expect(roundScore(ranked[0]!.score)).toBe(4.25);
    expect(roundScore(ranked[1]!.score)).toBe(3.85);
  });

  it('breaks equal scores by more reviews, then by name, whatever the order given', () => {
    const mean = 4;
    // Every subject at exactly the mean scores the mean: a three-way tie and a pair.
    const subjects = [
      venue('Zed', 5, mean),
      venue('Alpha', 5, mean),
      venue('Many', 12, mean),
      venue('beta', 5, mean),
      venue('Beta', 5, mean),
    ];
    const scope = { count: 100, sum: 400 };
    const expected = ['Many', 'Alpha', 'Beta', 'Zed', 'beta'];
    expect(names(rankByRule(subjects, scope, DEFAULT_RANKING_RULE))).toEqual(expected);
    expect(names(rankByRule([...subjects].reverse(), scope, DEFAULT_RANKING_RULE))).toEqual(
      expected,
    );
  });

  it('ranks nothing when nobody has enough reviews', () => {
    const subjects = [venue('A', 1, 5), venue('B', 2, 4)];
    expect(rankByRule(subjects, scopeOf(subjects), DEFAULT_RANKING_RULE)).toEqual([]);
  });
});

describe('ruleSentence', () => {
  it('states the prior weight and the minimum', () => {
    expect(ruleSentence(DEFAULT_RANKING_RULE, 'venues')).toBe(
      'Scores are Bayesian averages: each is pulled toward the overall mean as if it had 10 more reviews at that mean, and only venues with at least 3 reviews are ranked.',
    );
    expect(ruleSentence({ priorWeight: 1, minReviews: 1 }, 'artists')).toContain(
      'as if it had 1 more review at that mean, and only artists with at least 1 review are ranked.',
    );
  });
});
