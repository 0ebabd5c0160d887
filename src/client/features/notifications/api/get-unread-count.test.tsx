import { act, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Link, Router, useLocation } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { json, renderWithQueryClient } from '#client/testing/render';
import { useUnreadCountOnEachPage, useUnreadNotificationCount } from './get-unread-count';

/** A badge as the signed-in frame shows it, and a link to move to another page. */
function Badge() {
  const [location] = useLocation();
  useUnreadCountOnEachPage(location);
  return (
    <>
      <output aria-label="Unread">{useUnreadNotificationCount()}</output>
      <Link href="/wishlist">Wishlist</Link>
    </>
  );
}

/** The server's unread count, one higher at each ask. */
function renderBadge() {
  let count = 0;
  const fetch = vi
    .spyOn(globalThis, 'fetch')
    .mockImplementation(async () => json({ count: ++count, followRequests: 0 }));
  const location = memoryLocation({ path: '/discover' });
  renderWithQueryClient(<Badge />, {
    providers: ({ children }: { children: ReactNode }) => (
      <Router hook={location.hook}>{children}</Router>
    ),
  });
  const shown = () => screen.getByRole('status', { name: 'Unread' }).textContent;
  return { fetch, shown };
}

describe('the unread count', () => {
  it('is asked for again on each move to another page', async () => {
    const { fetch, shown } = renderBadge();
    await vi.waitFor(() => expect(shown()).toBe('1'));

    await act(async () => screen.getByRole('link', { name: 'Wishlist' }).click());
    await vi.waitFor(() => expect(shown()).toBe('2'));
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it('is asked for again when the window is shown again, although it is still fresh', async () => {
    const { fetch, shown } = renderBadge();
    await vi.waitFor(() => expect(shown()).toBe('1'));

    await act(async () => {
      document.dispatchEvent(new Event('visibilitychange', { bubbles: true }));
    });
    await vi.waitFor(() => expect(shown()).toBe('2'));
    expect(fetch).toHaveBeenCalledTimes(2);
  });
});
