import { describe, expect, it } from 'vitest';
import {
  concertTime,
  formatConcertDate,
  formatLongDate,
  genreName,
  isDayKey,
  isHistorical,
  lowestPrice,
  priceLabel,
} from './concert-format';

describe('lowestPrice', () => {
  it.each([
    ['$25', 25],
    ['$35 - $120', 35],
    ['$120 - $35', 35],
    ['From $49.50', 49.5],
    ['$1,200 - $2,000', 1200],
    ['25', 25],
    ['Free', 0],
    ['Free entry, $10 suggested', 10],
    ['TBA', null],
    ['', null],
    [null, null],
    [undefined, null],
  ])('%s → %s', (price, expected) => {
    expect(lowestPrice(price)).toBe(expected);
  });
});

describe('priceLabel', () => {
  it.each([
    ['$25', '$25'],
    ['$35 - $120', '$35 - $120'],
    ['40', '$40'],
    ['  ', 'Price TBA'],
    [null, 'Price TBA'],
    [undefined, 'Price TBA'],
  ])('%s → %s', (price, expected) => {
    expect(priceLabel(price)).toBe(expected);
  });
});

describe('concert dates', () => {
  it('formats the short and long forms in local time', () => {
    expect(formatConcertDate('2026-12-06')).toBe('Sun, Dec 6, 2026');
    expect(formatLongDate('2026-12-06')).toBe('Sunday, December 6, 2026');
  });

  it('reads only the day of a timestamp', () => {
    expect(formatConcertDate('2026-12-06T23:30:00.000Z')).toBe('Sun, Dec 6, 2026');
  });

  it('shows text that is not a date as it is', () => {
    expect(formatConcertDate('soon')).toBe('soon');
  });

  it.each([
    ['2026-05-01', '2026-05-02', true],
    ['2026-05-02', '2026-05-02', false],
    ['2026-05-03', '2026-05-02', false],
    ['2025-12-31T20:00:00Z', '2026-01-01', true],
  ])('%s is historical on %s: %s', (date, today, expected) => {
    expect(isHistorical(date, today)).toBe(expected);
  });
});

describe('concertTime', () => {
  it.each([
    ['7:30 PM', '7:30 PM'],
    [null, '8:00 PM'],
    [undefined, '8:00 PM'],
    ['', '8:00 PM'],
  ])('%s → %s', (time, expected) => {
    expect(concertTime(time)).toBe(expected);
  });
});

describe('genreName', () => {
  it.each([
    ['hip-hop', 'Hip Hop'],
    ['indie', 'Indie Rock'],
    ['Jazz', 'Jazz'],
    ['k-pop', 'K Pop'],
    ['', null],
    [null, null],
  ])('%s → %s', (slug, expected) => {
    expect(genreName(slug)).toBe(expected);
  });
});

describe('isDayKey', () => {
  it.each([
    ['2026-02-28', true],
    ['2024-02-29', true],
    ['2026-02-29', false],
    ['2026-13-01', false],
    ['2026-1-01', false],
    ['2026-01-01T00:00', false],
  ])('%s → %s', (value, expected) => {
    expect(isDayKey(value)).toBe(expected);
  });
});
