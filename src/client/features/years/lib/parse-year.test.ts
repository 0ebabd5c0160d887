import { describe, expect, it } from 'vitest';
import { parseYear } from './parse-year';

describe('parseYear', () => {
  it.each([
    ['2026', 2026],
    ['1990', 1990],
    ['1900', 1900],
    ['2100', 2100],
    ['1899', null],
    ['2101', null],
    ['99', null],
    ['2024.5', null],
    ['abcd', null],
    ['', null],
    ['undefined', null],
  ])('reads %j as %j', (text, year) => {
    expect(parseYear(text)).toBe(year);
  });
});
