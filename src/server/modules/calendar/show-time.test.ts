import { describe, expect, it } from 'vitest';
import { concertsCalendar, type CalendarConcert } from './ics.ts';
import { artistSlug, showStart } from './show-time.ts';

describe('show times', () => {
  it('starts at the stored instant on the venue’s clock, summer time included', () => {
    const start = showStart({
      date: '2031-07-04',
      time: '8:00 PM',
      startsAt: '2031-07-05T00:00:00.000Z',
      timeZone: 'America/New_York',
    });
    expect(start.kind).toBe('zoned');
    expect(start.kind === 'zoned' && start.timeZone).toBe('America/New_York');
    // EDT is UTC-4.
    expect(new Date(start.start.getTime()).toISOString()).toBe('2031-07-05T00:00:00.000Z');
  });

  it('is all day without a time, floating only when the zone is unknown', () => {
    const tba = { date: '2031-07-04', time: null, startsAt: null, timeZone: 'Asia/Tokyo' };
    expect(showStart(tba).kind).toBe('all-day');
    const unknownZone = { date: '2031-07-04', time: '8:00 PM', startsAt: null, timeZone: null };
    expect(showStart(unknownZone).kind).toBe('floating');
  });

  const concert = (over: Partial<CalendarConcert>): CalendarConcert => ({
    id: 'c1',
    artist: 'The Velvet Lanterns',
    venue: 'The Hall',
    city: 'Chicago',
    date: '2026-11-01',
    time: '8:00 PM',
    startsAt: null,
    timeZone: null,
    ticketUrl: null,
    updatedAt: new Date('2026-01-01T00:00:00Z'),
    ...over,
  });
  const ics = (over: Partial<CalendarConcert>) =>
    concertsCalendar([concert(over)], { name: 'Encore', origin: 'https://encore.test' });

  it.each([
    // The day daylight saving time ends in the US, and the day it starts.
    [
      '2026-11-01',
      '2026-11-02T02:00:00.000Z',
      'America/Chicago',
      '20261101T200000',
      '20261101T230000',
    ],
    [
      '2026-03-08',
      '2026-03-09T01:00:00.000Z',
      'America/Chicago',
      '20260308T200000',
      '20260308T230000',
    ],
    // A venue in Europe and one in Asia, on their own clocks in any city.
    [
      '2026-07-04',
      '2026-07-04T18:00:00.000Z',
      'Europe/Berlin',
      '20260704T200000',
      '20260704T230000',
    ],
    ['2026-07-04', '2026-07-04T10:00:00.000Z', 'Asia/Tokyo', '20260704T190000', '20260704T220000'],
  ])('on %s, %s is %s wall-clock time in the .ics', (date, startsAt, zone, start, end) => {
    const text = ics({ date, startsAt, timeZone: zone, city: 'Elsewhere' });
    expect(text).toContain(`DTSTART;TZID=${zone}:${start}`);
    expect(text).toContain(`DTEND;TZID=${zone}:${end}`);
  });

  it('writes a show to be announced as a day, and one in an unknown zone as a floating time', () => {
    expect(ics({ time: null, timeZone: 'Asia/Tokyo' })).toContain('DTSTART;VALUE=DATE:20261101');
    const floating = ics({ city: 'Lyon' });
    expect(floating).toContain('DTSTART:20261101T200000');
    expect(floating).not.toContain('TZID');
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
