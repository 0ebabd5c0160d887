import { describe, expect, it } from 'vitest';
import { formatPostedDate, formatRating } from './format';

describe('formatRating', () => {
  it.each([
    [4, '4.0'],
    [4.25, '4.3'],
    [3.04, '3.0'],
  ])('%s → %s', (value, expected) => {
    expect(formatRating(value)).toBe(expected);
  });
});

describe('formatPostedDate', () => {
  it('formats a timestamp and rejects junk', () => {
    expect(formatPostedDate('2026-03-14T12:00:00.000Z')).toBe('Mar 14, 2026');
    expect(formatPostedDate('not a date')).toBeNull();
  });
});
