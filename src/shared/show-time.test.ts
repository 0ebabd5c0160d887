import { describe, expect, it } from 'vitest';
import {
  isTimeZone,
  onSaleText,
  parseShowTime,
  showTimeText,
  timeZoneNames,
  zonedStart,
} from './show-time.ts';

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
  ])('%s reads as %o', (time, expected) => {
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
    // The day daylight saving time ends in the US: 8 PM is CST, UTC-6.
    ['2026-11-01', '8:00 PM', 'America/Chicago', '2026-11-02T02:00:00.000Z'],
    // The day before, still CDT, UTC-5.
    ['2026-10-31', '8:00 PM', 'America/Chicago', '2026-11-01T01:00:00.000Z'],
    // The day it starts: 8 PM is CDT, UTC-5.
    ['2026-03-08', '8:00 PM', 'America/Chicago', '2026-03-09T01:00:00.000Z'],
    ['2026-03-07', '8:00 PM', 'America/Chicago', '2026-03-08T02:00:00.000Z'],
    // Summer in Berlin (CEST, UTC+2) and winter (CET, UTC+1).
    ['2026-07-04', '20:00', 'Europe/Berlin', '2026-07-04T18:00:00.000Z'],
    ['2026-12-04', '20:00', 'Europe/Berlin', '2026-12-04T19:00:00.000Z'],
    // Tokyo keeps no summer time: JST, UTC+9.
    ['2026-07-04', '7:00 PM', 'Asia/Tokyo', '2026-07-04T10:00:00.000Z'],
  ])('%s %s in %s starts at %s', (date, time, zone, instant) => {
    expect(zonedStart(date, time, zone)).toBe(instant);
  });

  it('has no start without a time of day or a real zone', () => {
    expect(zonedStart('2026-07-04', 'TBA', 'Asia/Tokyo')).toBeNull();
    expect(zonedStart('2026-07-04', null, 'Asia/Tokyo')).toBeNull();
    expect(zonedStart('2026-07-04', '8:00 PM', null)).toBeNull();
    expect(zonedStart('2026-07-04', '8:00 PM', 'Mars/Olympus_Mons')).toBeNull();
  });

  it.each([
    ['America/Chicago', true],
    ['Europe/Berlin', true],
    ['Asia/Tokyo', true],
    ['UTC', true],
    ['Mars/Olympus_Mons', false],
    ['+01:00', false],
    ['', false],
    ['America/Chicago; DROP TABLE', false],
  ])('%s is a time zone: %s', (zone, known) => {
    expect(isTimeZone(zone)).toBe(known);
  });

  it('lists the zones a person may choose', () => {
    const names = timeZoneNames();
    expect(names).toContain('America/Chicago');
    expect(names).toContain('Asia/Tokyo');
    expect(names.length).toBeGreaterThan(300);
  });
});

describe('a show’s time as pages show it', () => {
  const chicago = {
    time: '8:00 PM',
    startsAt: '2026-11-02T02:00:00.000Z',
    timeZone: 'America/Chicago',
  };

  it('names the venue’s zone when the viewer’s clock differs', () => {
    expect(showTimeText(chicago, 'America/New_York')).toBe('8:00 PM CST');
    expect(showTimeText(chicago, 'Europe/Berlin')).toBe('8:00 PM CST');
  });

  it('says the time alone when the viewer is on the venue’s clock', () => {
    expect(showTimeText(chicago, 'America/Chicago')).toBe('8:00 PM');
    // Another zone that reads CST at that instant is the same clock.
    expect(showTimeText(chicago, 'America/Winnipeg')).toBe('8:00 PM');
  });

  it('reads the summer name on the day daylight saving time starts', () => {
    const spring = { ...chicago, startsAt: '2026-03-09T01:00:00.000Z' };
    expect(showTimeText(spring, 'America/Los_Angeles')).toBe('8:00 PM CDT');
    expect(showTimeText(spring, 'America/Chicago')).toBe('8:00 PM');
  });

  it('shows Berlin’s and Tokyo’s shows on their own clocks', () => {
    const berlin = {
      time: '20:00',
      startsAt: '2026-07-04T18:00:00.000Z',
      timeZone: 'Europe/Berlin',
    };
    const tokyo = { time: '19:00', startsAt: '2026-07-04T10:00:00.000Z', timeZone: 'Asia/Tokyo' };
    expect(showTimeText(berlin, 'America/Chicago')).toBe('8:00 PM GMT+2');
    expect(showTimeText(berlin, 'Europe/Paris')).toBe('8:00 PM');
    expect(showTimeText(tokyo, 'America/Chicago')).toBe('7:00 PM GMT+9');
    expect(showTimeText(tokyo, 'Asia/Tokyo')).toBe('7:00 PM');
  });

  it('keeps the written time when the instant is unknown, and nothing when to be announced', () => {
    expect(showTimeText({ time: '8:00 PM', startsAt: null, timeZone: null }, 'UTC')).toBe(
      '8:00 PM',
    );
    expect(showTimeText({ time: null, startsAt: null, timeZone: 'Asia/Tokyo' }, 'UTC')).toBeNull();
  });
});

describe('when tickets go on sale', () => {
  const before = new Date('2026-11-01T00:00:00Z');

  it('says the day and time on the venue’s clock while the sale is to come', () => {
    // 10:00 AM in Chicago on Friday, December 4 2026 (CST, UTC-6).
    const show = { onSaleAt: '2026-12-04T16:00:00.000Z', timeZone: 'America/Chicago' };
    expect(onSaleText(show, before)).toBe('On sale Fri, Dec 4 at 10:00 AM');
    expect(onSaleText(show, before, 'America/Chicago')).toBe('On sale Fri, Dec 4 at 10:00 AM');
    expect(onSaleText(show, before, 'America/New_York')).toBe(
      'On sale Fri, Dec 4 at 10:00 AM CST',
    );
  });

  it('says nothing once the sale has started, or when its start is unknown', () => {
    const show = { onSaleAt: '2026-12-04T16:00:00.000Z', timeZone: 'America/Chicago' };
    expect(onSaleText(show, new Date('2026-12-04T16:00:00Z'))).toBeNull();
    expect(onSaleText(show, new Date('2026-12-05T00:00:00Z'))).toBeNull();
    expect(onSaleText({ onSaleAt: null, timeZone: 'America/Chicago' }, before)).toBeNull();
    expect(onSaleText({ onSaleAt: 'soon', timeZone: 'America/Chicago' }, before)).toBeNull();
  });

  it('reads each side of a daylight saving change on its own clock', () => {
    const early = new Date('2026-01-01T00:00:00Z');
    // The last Saturday of CDT (UTC-5) and the first Saturday of CST (UTC-6): 10 AM both.
    expect(
      onSaleText({ onSaleAt: '2026-10-31T15:00:00.000Z', timeZone: 'America/Chicago' }, early),
    ).toBe('On sale Sat, Oct 31 at 10:00 AM');
    expect(
      onSaleText({ onSaleAt: '2026-11-07T16:00:00.000Z', timeZone: 'America/Chicago' }, early),
    ).toBe('On sale Sat, Nov 7 at 10:00 AM');
    // The day it starts in spring: 10 AM is already CDT.
    expect(
      onSaleText({ onSaleAt: '2026-03-08T15:00:00.000Z', timeZone: 'America/Chicago' }, early),
    ).toBe('On sale Sun, Mar 8 at 10:00 AM');
  });

  it('says the day on the venue’s clock when it is another day in UTC', () => {
    // 9:00 AM on Saturday in Tokyo is still Friday in UTC.
    expect(
      onSaleText({ onSaleAt: '2026-12-05T00:00:00.000Z', timeZone: 'Asia/Tokyo' }, before),
    ).toBe('On sale Sat, Dec 5 at 9:00 AM');
    expect(
      onSaleText({ onSaleAt: '2026-12-04T09:00:00.000Z', timeZone: 'Europe/Berlin' }, before),
    ).toBe('On sale Fri, Dec 4 at 10:00 AM');
  });

  it('names UTC when the venue’s zone is unknown', () => {
    expect(onSaleText({ onSaleAt: '2026-12-04T16:00:00.000Z', timeZone: null }, before)).toBe(
      'On sale Fri, Dec 4 at 4:00 PM UTC',
    );
  });
});
