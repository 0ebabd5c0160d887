import { describe, expect, it } from 'vitest';
import { STAR_POSITIONS, starFill, starsLabel } from './star-fill';

const draw = (value: number) => STAR_POSITIONS.map((position) => starFill(value, position));

describe('starFill', () => {
  it.each([
    [0, ['empty', 'empty', 'empty', 'empty', 'empty']],
    [1, ['full', 'empty', 'empty', 'empty', 'empty']],
    [3.5, ['full', 'full', 'full', 'half', 'empty']],
    [3.7, ['full', 'full', 'full', 'half', 'empty']],
    [3.4, ['full', 'full', 'full', 'empty', 'empty']],
    [4.5, ['full', 'full', 'full', 'full', 'half']],
    [5, ['full', 'full', 'full', 'full', 'full']],
  ])('draws %s as %j', (value, expected) => {
    expect(draw(value)).toEqual(expected);
  });
});

describe('starsLabel', () => {
  it.each([
    [4.5, '4.5 out of 5 stars'],
    [4, '4 out of 5 stars'],
    [3.666, '3.7 out of 5 stars'],
    [7, '5 out of 5 stars'],
  ])('labels %s as "%s"', (value, expected) => {
    expect(starsLabel(value)).toBe(expected);
  });
});
