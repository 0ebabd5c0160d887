import { describe, expect, it } from 'vitest';
import { achievements } from './achievements';

const earned = (concertsAttended: number, reviewsWritten: number) =>
  achievements({ concertsAttended, reviewsWritten })
    .filter((a) => a.earned)
    .map((a) => a.title);

describe('achievements', () => {
  it.each([
    [0, 0, []],
    [1, 0, ['First Concert']],
    [4, 1, ['First Concert', 'First Review']],
    [5, 9, ['First Concert', 'Concert Explorer', 'First Review']],
    [5, 10, ['First Concert', 'Concert Explorer', 'First Review', 'Review Expert']],
  ])('%i concerts and %i reviews earn %j', (concerts, reviews, titles) => {
    expect(earned(concerts, reviews)).toEqual(titles);
  });

  it('caps progress at the goal', () => {
    const explorer = achievements({ concertsAttended: 12, reviewsWritten: 0 })[1]!;
    expect(explorer).toMatchObject({ progress: 5, goal: 5, earned: true });
  });
});
