import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { AccountProvider } from '#client/features/account/hooks/account-context';
import { saveDraft } from '#client/features/reviews/lib/drafts';
import { aCurrentUser } from '#client/testing/data';
import { json, renderWithQueryClient } from '#client/testing/render';
import { MobileTabBar } from './mobile-tab-bar';

const robin = aCurrentUser();

const aDraft = (id: string) => ({
  id,
  concert: null,
  ratings: {
    overallRating: 4,
    performanceRating: 4,
    soundRating: 4,
    venueRating: 4,
    valueRating: 4,
  },
  reviewText: 'Half written',
  savedAt: new Date().toISOString(),
});

beforeEach(() => localStorage.clear());

/** The tab bar on `path`, with `unread` notices and `followRequests` waiting on the server. */
function renderTabBar(path: string, unread: number, followRequests = 0) {
  vi.spyOn(globalThis, 'fetch').mockImplementation(async () =>
    json({ count: unread, followRequests }),
  );
  const location = memoryLocation({ path, record: true });
  renderWithQueryClient(<MobileTabBar />, {
    providers: ({ children }: { children: ReactNode }) => (
      <Router hook={location.hook}>
        <AccountProvider user={robin}>{children}</AccountProvider>
      </Router>
    ),
  });
  return { history: location.history };
}

describe('the phone tab bar', () => {
  it('has Timeline, Friends, the write button, Discover and More', () => {
    renderTabBar('/discover', 0);
    const tabs = screen.getByRole('navigation', { name: 'Mobile navigation' });
    const names = within(tabs)
      .getAllByRole('listitem')
      .map((item) => {
        const control = within(item).queryByRole('link') ?? within(item).getByRole('button');
        return control.getAttribute('aria-label') ?? control.textContent;
      });
    expect(names).toEqual(['Timeline', 'Friends', 'Write a review', 'Discover', 'More']);
    expect(within(tabs).getByRole('link', { name: 'Discover' }).getAttribute('aria-current')).toBe(
      'page',
    );
  });

  it('"More" lists every other page in order, with what waits there beside them', async () => {
    saveDraft(robin.id, aDraft('draft-1'));
    saveDraft(robin.id, aDraft('draft-2'));
    const { history } = renderTabBar('/discover', 3, 1);
    const more = screen.getByRole('button', { name: 'More' });
    await userEvent.click(more);

    const sheet = screen.getByRole('dialog', { name: 'More' });
    const links = within(sheet).getAllByRole('link');
    expect(links.map((link) => link.firstElementChild?.nextSibling?.textContent)).toEqual([
      'Profile',
      'Wishlist',
      'My Reviews',
      'Diary',
      'Notifications',
      'Rankings',
      'Settings',
      'Help & Support',
    ]);
    expect(within(sheet).getByRole('link', { name: /My Reviews/ }).textContent).toBe(
      'My Reviews2 drafts',
    );
    const notifications = await within(sheet).findByRole('link', {
      name: 'Notifications 3 unread, 1 follow request',
    });
    expect(notifications.getAttribute('href')).toBe('/notifications');

    await userEvent.click(within(sheet).getByRole('link', { name: 'Wishlist' }));
    expect(history.at(-1)).toBe('/wishlist');
    expect(screen.queryByRole('dialog')).toBeNull();
    // Its page is one of More's, so the tab says where the person is.
    expect(more.classList).toContain('text-primary');
  });

  it('closes with Escape and gives focus back to "More"', async () => {
    renderTabBar('/timeline', 0);
    const more = screen.getByRole('button', { name: 'More' });
    await userEvent.click(more);
    expect(screen.getByRole('dialog', { name: 'More' })).toBeTruthy();
    expect(within(screen.getByRole('dialog')).queryByText(/unread|draft/)).toBeNull();

    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(more);
    expect(more.classList).not.toContain('text-primary');
  });
});
