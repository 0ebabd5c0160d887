import { describe, expect, it } from 'vitest';
import {
  formatExactTime,
  formatPostedDate,
  formatRating,
  formatRelativeTime,
  isRecent,
} from './format';

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

describe('formatRelativeTime', () => {
  const now = Date.parse('2026-11-25T15:00:00.000Z');
  const ago = (ms: number) => new Date(now - ms).toISOString();
  const MIN = 60_000;
  const HOUR = 60 * MIN;

  it.each([
    [0, 'just now'],
    [59 * 1000, 'just now'],
    [MIN, '1 min ago'],
    [2 * MIN + 30 * 1000, '2 min ago'],
    [59 * MIN, '59 min ago'],
    [HOUR, '1 h ago'],
    [3 * HOUR + 59 * MIN, '3 h ago'],
    [23 * HOUR + 59 * MIN, '23 h ago'],
  ])('%i ms ago reads "%s"', (ms, expected) => {
    expect(formatRelativeTime(ago(ms), now)).toBe(expected);
    expect(isRecent(ago(ms), now)).toBe(true);
  });

  it('reads as the date from a day on', () => {
    expect(formatRelativeTime(ago(24 * HOUR), now)).toBe(formatPostedDate(ago(24 * HOUR)));
    expect(formatRelativeTime('2026-03-14T12:00:00.000Z', now)).toBe('Mar 14, 2026');
    expect(isRecent('2026-03-14T12:00:00.000Z', now)).toBe(false);
  });

  it('reads a moment a little ahead of this clock as just now', () => {
    expect(formatRelativeTime(ago(-30 * 1000), now)).toBe('just now');
  });

  it('is null for something that is not a timestamp', () => {
    expect(formatRelativeTime('soon', now)).toBeNull();
    expect(isRecent('soon', now)).toBe(false);
  });
});

describe('formatExactTime', () => {
  it('gives the date and the time of day', () => {
    // Built from local parts, so it reads the same in any time zone.
    const moment = new Date(2026, 10, 25, 21, 41).toISOString();
    expect(formatExactTime(moment)).toBe('Nov 25, 2026, 9:41 PM');
    expect(formatExactTime('soon')).toBeNull();
  });
});
