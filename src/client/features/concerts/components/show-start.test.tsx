import { render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { ConcertDetail, ConcertListItem } from '#shared/schemas/concerts';
import { aConcertListItem } from '#client/testing/data';
import { ConcertCard } from './concert-card';
import { EventDetailsCard } from './event-details-card';

const zoneBefore = process.env.TZ;
/** The viewer's clock: the browser's time zone. */
const viewerIn = (zone: string) => {
  process.env.TZ = zone;
};
afterEach(() => {
  process.env.TZ = zoneBefore;
});

// 8 PM in Chicago on the day US summer time ends: CST.
const chicago: ConcertListItem = aConcertListItem({
  date: '2099-11-01',
  startsAt: '2099-11-02T02:00:00.000Z',
  timeZone: 'America/Chicago',
});

const detail = (concert: ConcertListItem): ConcertDetail => ({
  ...concert,
  description: null,
  reviewCount: 0,
  averageRatings: null,
  isWishlisted: false,
  viewerReviewId: null,
  viewerAttendance: null,
});

const timeOnCard = () =>
  within(screen.getByRole('article', { name: 'Local Band' })).getByText(/\d:\d\d [AP]M/);

describe('a show’s start on its card and page', () => {
  it('names the venue’s zone to a viewer elsewhere: 8:00 PM CST', () => {
    viewerIn('America/New_York');
    render(<ConcertCard concert={chicago} today="2099-01-01" />);
    const time = timeOnCard();
    expect(time.textContent).toBe('8:00 PM CST');
    expect(time.tagName).toBe('TIME');
    expect(time.getAttribute('datetime')).toBe('2099-11-02T02:00:00.000Z');
  });

  it('says the time alone to a viewer on the venue’s clock', () => {
    viewerIn('America/Chicago');
    render(<ConcertCard concert={chicago} today="2099-01-01" />);
    expect(timeOnCard().textContent).toBe('8:00 PM');
  });

  it('shows a Tokyo show on Tokyo’s clock on the concert page', () => {
    viewerIn('America/Chicago');
    const tokyo = {
      ...chicago,
      city: 'Tokyo',
      time: '19:00',
      startsAt: '2099-07-04T10:00:00.000Z',
      timeZone: 'Asia/Tokyo',
    };
    render(<EventDetailsCard concert={detail(tokyo)} historical={false} />);
    expect(screen.getByText('7:00 PM GMT+9')).toBeTruthy();
  });

  it('keeps the written time when the instant is unknown', () => {
    viewerIn('Europe/Berlin');
    const unknown = { ...chicago, time: '7:30 PM', startsAt: null, timeZone: null };
    render(<EventDetailsCard concert={detail(unknown)} historical={false} />);
    const time = screen.getByText('7:30 PM');
    expect(time.tagName).not.toBe('TIME');
  });
});
