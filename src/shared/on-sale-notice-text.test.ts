/** What on-sale notices say, and what a new-show notice says of a sale to come (notice-text.ts). */
import { describe, expect, it } from 'vitest';
import { noticeMessage, noticeTitle, type NoticeParts } from './notice-text.ts';

describe('an on-sale notice', () => {
  it('says tickets are on sale now, for the show’s artist at its venue', () => {
    const parts: NoticeParts = {
      type: 'on_sale',
      actor: null,
      actorCount: 1,
      artist: 'The Velvet Lanterns',
      venue: 'Metro',
    };
    expect(noticeTitle(parts)).toBe('Tickets on sale');
    expect(noticeMessage(parts)).toBe('Tickets for The Velvet Lanterns at Metro are on sale now.');
  });
});

describe('a new-show notice of a show not yet on sale', () => {
  const parts = (now: Date): NoticeParts => ({
    type: 'new_shows',
    actor: null,
    actorCount: 2,
    artist: null,
    now,
    shows: [
      {
        artist: 'The Velvet Lanterns',
        city: 'Chicago',
        date: '2026-12-19',
        // 10 AM in Chicago on Friday, December 4 (CST).
        onSaleAt: '2026-12-04T16:00:00+00:00',
        timeZone: 'America/Chicago',
      },
      {
        artist: 'Second Signal',
        city: 'Berlin',
        date: '2027-01-09',
        onSaleAt: null,
        timeZone: 'Europe/Berlin',
      },
    ],
  });

  it('says when tickets go on sale, on the venue’s clock, until they are', () => {
    expect(noticeMessage(parts(new Date('2026-11-28T12:00:00Z')))).toBe(
      'Artists you follow announced: The Velvet Lanterns in Chicago on Dec 19 · On sale Fri, Dec 4 at 10:00 AM, Second Signal in Berlin on Jan 9.',
    );
    expect(noticeMessage(parts(new Date('2026-12-04T16:00:00Z')))).toBe(
      'Artists you follow announced: The Velvet Lanterns in Chicago on Dec 19, Second Signal in Berlin on Jan 9.',
    );
  });
});
