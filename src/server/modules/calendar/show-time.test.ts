import { describe, expect, it } from 'vitest';
import { artistSlug, parseShowTime, showStart, timeZoneOfCity } from './show-time.ts';

describe('show times', () => {
  it.each([
    ['8:00 PM', { hours: 20, minutes: 0 }],
    ['8 pm', { hours: 20, minutes: 0 }],
    ['7:30pm', { hours: 19, minutes: 30 }],
    ['12:00 AM', { hours: 0, minutes: 0 }],
    ['12:15 PM', { hours: 12, minutes: 15 }],
    ['20:00', { hours: 20, minutes: 0 }],
    ['20:00:00', { hours: 20, minutes: 0 }],
    ['8', null],
    ['13:00 PM', null],
    ['TBA', null],
    ['', null],
    [null, null],
  ])('%s → %o', (time, expected) => {
    expect(parseShowTime(time)).toEqual(expected);
  });

  it('reads a time with a long run of spaces in it at once', () => {
    const spaces = ' '.repeat(10_000);
    const started = performance.now();
    expect(parseShowTime(`8${spaces}x`)).toBeNull();
    expect(parseShowTime(`${spaces}8:00${spaces}p.m.${spaces}`)).toEqual({ hours: 20, minutes: 0 });
    expect(performance.now() - started).toBeLessThan(1000);
  });

  it.each([
    ['Los Angeles', 'America/Los_Angeles'],
    ['new york', 'America/New_York'],
    ['Austin', 'America/Chicago'],
    ['Seattle', 'America/Los_Angeles'],
    ['Denver', 'America/Denver'],
    ['Paris', null],
  ])('%s is in %s', (city, zone) => {
    expect(timeZoneOfCity(city)).toBe(zone);
  });

  it('starts in the venue’s local time, summer time included', () => {
    const start = showStart({ date: '2031-07-04', time: '8:00 PM', city: 'New York' });
    expect(start.kind).toBe('zoned');
    // EDT is UTC-4.
    expect(new Date(start.start.getTime()).toISOString()).toBe('2031-07-05T00:00:00.000Z');
    expect(showStart({ date: '2031-07-04', time: null, city: 'New York' }).kind).toBe('all-day');
    expect(showStart({ date: '2031-07-04', time: '8:00 PM', city: 'Lyon' }).kind).toBe('floating');
  });

  it.each([
    ['The Velvet Lanterns', 'the-velvet-lanterns'],
    ['Sigur Rós', 'sigur-ros'],
    ['AC/DC', 'ac-dc'],
    ['!!!', 'concert'],
  ])('%s → %s', (artist, slug) => {
    expect(artistSlug(artist)).toBe(slug);
  });
});
