import { render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { ConcertDetail, ConcertListItem } from '#shared/schemas/concerts';
import { ConcertCard } from './concert-card';
import { EventDetailsCard } from './event-details-card';
import { OnSale } from './on-sale';

const zoneBefore = process.env.TZ;
/** The viewer's clock: the browser's time zone. */
const viewerIn = (zone: string) => {
  process.env.TZ = zone;
};
afterEach(() => {
  process.env.TZ = zoneBefore;
});

// Tickets go on sale at 10 AM in Chicago on Friday, December 4 2099 (CST, UTC-6).
const show: ConcertListItem = {
  id: 'c1',
  artist: 'Local Band',
  artistId: 'a1',
  venue: 'Thalia Hall',
  venueId: 'v1',
  date: '2099-12-19',
  time: '8:00 PM',
  startsAt: '2099-12-20T02:00:00.000Z',
  timeZone: 'America/Chicago',
  onSaleAt: '2099-12-04T16:00:00.000Z',
  city: 'Chicago',
  price: '$25',
  genre: 'rock',
  imageUrl: null,
  ticketUrl: 'https://www.ticketmaster.com/event/c1',
  setlistUrl: null,
  averageRating: null,
};

const detail = (concert: ConcertListItem): ConcertDetail => ({
  ...concert,
  description: null,
  presales: [],
  reviewCount: 0,
  averageRatings: null,
  isWishlisted: false,
  viewerReviewId: null,
  viewerAttendance: null,
});

const card = () => screen.getByRole('article', { name: 'Local Band' });

describe('"On sale" on the concert card and page', () => {
  it('says when tickets go on sale on the card, on the venue’s clock', () => {
    viewerIn('America/Chicago');
    render(<ConcertCard concert={show} today="2099-01-01" />);
    const line = within(card()).getByText('On sale Fri, Dec 4 at 10:00 AM');
    expect(line.tagName).toBe('TIME');
    expect(line.getAttribute('datetime')).toBe('2099-12-04T16:00:00.000Z');
    // Words, not only an icon: the ticket icon is hidden from screen readers.
    expect(line.parentElement?.querySelector('svg')?.getAttribute('aria-hidden')).toBe('true');
  });

  it('names the venue’s zone to a viewer elsewhere', () => {
    viewerIn('Europe/Berlin');
    render(<ConcertCard concert={show} today="2099-01-01" />);
    expect(within(card()).getByText('On sale Fri, Dec 4 at 10:00 AM CST')).toBeTruthy();
  });

  it('says it on the concert page above the ticket button', () => {
    viewerIn('America/Chicago');
    render(<EventDetailsCard concert={detail(show)} historical={false} />);
    const line = screen.getByText('On sale Fri, Dec 4 at 10:00 AM');
    const button = screen.getByRole('link', { name: /buy tickets/i });
    expect(line.compareDocumentPosition(button) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('says nothing once the sale has started, or when its start is unknown', () => {
    viewerIn('America/Chicago');
    const { rerender } = render(
      <OnSale concert={show} now={new Date('2099-12-04T16:00:00.000Z')} />,
    );
    expect(screen.queryByText(/On sale/)).toBeNull();
    rerender(<OnSale concert={{ ...show, onSaleAt: null }} />);
    expect(screen.queryByText(/On sale/)).toBeNull();
    rerender(<ConcertCard concert={{ ...show, onSaleAt: '2020-01-01T00:00:00.000Z' }} />);
    expect(screen.queryByText(/On sale/)).toBeNull();
    rerender(<OnSale concert={show} now={new Date('2099-12-04T15:59:00.000Z')} />);
    expect(screen.getByText('On sale Fri, Dec 4 at 10:00 AM')).toBeTruthy();
  });
});
