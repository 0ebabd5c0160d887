import { afterEach, describe, expect, it, vi } from 'vitest';
import { todayIn, todayIso } from './dates.ts';

afterEach(() => vi.useRealTimers());

describe('todayIso', () => {
  it('turns over at midnight UTC, and back when the clock is set back', () => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2026-03-01T23:59:59.999Z'));
    expect(todayIso()).toBe('2026-03-01');
    vi.setSystemTime(new Date('2026-03-02T00:00:00.000Z'));
    expect(todayIso()).toBe('2026-03-02');
    vi.setSystemTime(new Date('2026-03-01T12:00:00.000Z'));
    expect(todayIso()).toBe('2026-03-01');
  });

  it('gives the day of a date it is handed', () => {
    expect(todayIso(new Date('2024-02-29T08:00:00Z'))).toBe('2024-02-29');
  });
});

describe('todayIn', () => {
  const instant = new Date('2026-03-01T23:30:00Z');

  it.each([
    ['Asia/Tokyo', '2026-03-02'],
    ['Europe/Berlin', '2026-03-02'],
    ['America/Chicago', '2026-03-01'],
    ['UTC', '2026-03-01'],
  ])('is the day on the clocks of %s', (zone, day) => {
    expect(todayIn(zone, instant)).toBe(day);
  });

  it('is the UTC day without a zone, or with one it does not know', () => {
    expect(todayIn(null, instant)).toBe('2026-03-01');
    expect(todayIn('Mars/Olympus_Mons', instant)).toBe('2026-03-01');
  });
});
