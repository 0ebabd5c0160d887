import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { Notification } from '#shared/schemas/notifications';
import { NotificationItem } from './notification-item';

const onSale: Notification = {
  id: '00000000-0000-4000-8000-000000000002',
  type: 'on_sale',
  title: 'Tickets on sale',
  message: 'Tickets for The Velvet Lanterns at Metro are on sale now.',
  link: '/concerts/tm_abc',
  isRead: false,
  actorCount: 1,
  actor: null,
  relatedReviewId: null,
  relatedConcertId: 'tm_abc',
  ticketUrl: 'https://www.ticketmaster.com/event/abc',
  createdAt: new Date().toISOString(),
};

describe('an on-sale notice in the notifications list', () => {
  it('leads to the concert, and offers its tickets beside it in a new tab', async () => {
    const onOpen = vi.fn();
    render(
      <ul>
        <NotificationItem notification={onSale} onOpen={onOpen} />
      </ul>,
    );
    const row = screen.getByRole('link', {
      name: /Unread: Tickets for The Velvet Lanterns at Metro are on sale now\./,
    });
    expect(row.getAttribute('href')).toBe('/concerts/tm_abc');
    const tickets = screen.getByRole('link', { name: 'Buy tickets' });
    expect(tickets.getAttribute('href')).toBe('https://www.ticketmaster.com/event/abc');
    expect(tickets.getAttribute('target')).toBe('_blank');
    expect(tickets.getAttribute('rel')).toContain('noopener');
    // Not inside the row's link: a link in a link is neither valid nor reachable by keyboard.
    expect(row.contains(tickets)).toBe(false);
    await userEvent.tab();
    await userEvent.tab();
    expect(document.activeElement).toBe(tickets);
    // Opening the tickets marks the notice read; the test's page goes nowhere.
    tickets.addEventListener('click', (event) => event.preventDefault());
    await userEvent.click(tickets);
    expect(onOpen).toHaveBeenCalledWith(onSale);
  });

  it('offers no ticket link without one', () => {
    render(
      <ul>
        <NotificationItem notification={{ ...onSale, ticketUrl: null }} onOpen={vi.fn()} />
      </ul>,
    );
    expect(screen.queryByRole('link', { name: 'Buy tickets' })).toBeNull();
  });
});
