import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { Notification } from '#shared/schemas/notifications';
import { NotificationItem } from './notification-item';

const reminder: Notification = {
  id: '00000000-0000-4000-8000-000000000001',
  type: 'concert_reminder',
  title: 'Concert reminder',
  message: 'Tomorrow: The Velvet Lanterns at Metro, 8:00 PM CST',
  link: '/concerts/c1',
  isRead: false,
  actorCount: 1,
  actor: null,
  relatedReviewId: null,
  relatedConcertId: 'c1',
  createdAt: new Date().toISOString(),
};

describe('a concert reminder in the notifications list', () => {
  it('reads as the server words it, leads to the concert, and shows the reminder’s icon', async () => {
    const onOpen = vi.fn();
    render(
      <ul>
        <NotificationItem notification={reminder} onOpen={onOpen} />
      </ul>,
    );
    const link = screen.getByRole('link', {
      name: /Unread: Tomorrow: The Velvet Lanterns at Metro, 8:00 PM CST/,
    });
    expect(link.getAttribute('href')).toBe('/concerts/c1');
    // No person: the kind's icon stands in the avatar and in its badge.
    expect(link.querySelectorAll('svg.lucide-alarm-clock')).toHaveLength(2);
    await userEvent.click(link);
    expect(onOpen).toHaveBeenCalledWith(reminder);
  });
});
