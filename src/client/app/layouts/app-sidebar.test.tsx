import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { SidebarProvider } from '#client/components/ui/sidebar';
import { TooltipProvider } from '#client/components/ui/tooltip';
import { PERSONAL_STORAGE_PREFIX } from '#client/lib/personal-storage';
import { aCurrentUser } from '#client/testing/data';
import { json, renderWithQueryClient, shownToasts } from '#client/testing/render';
import { AppSidebar } from './app-sidebar';

const robin = aCurrentUser();
const draftKey = `${PERSONAL_STORAGE_PREFIX}${robin.id}`;

beforeEach(() => {
  localStorage.clear();
  localStorage.setItem(draftKey, '[{"id":"draft-1"}]');
  localStorage.setItem('encore-ui-theme', 'dark');
});

/**
 * The server as the sidebar meets it: no unread notifications, and `logout` answering
 * POST /api/logout. The browser's navigation is recorded, never followed.
 */
function renderSidebar(logout: () => Response | Promise<Response>) {
  const fetch = vi
    .spyOn(globalThis, 'fetch')
    .mockImplementation(async (url, init) =>
      String(url) === '/api/logout' && init?.method === 'POST'
        ? logout()
        : json({ count: 0, followRequests: 0 }),
    );
  const navigate = vi.spyOn(window.location, 'assign').mockImplementation(() => {});
  renderWithQueryClient(<AppSidebar user={robin} />, {
    providers: ({ children }: { children: ReactNode }) => (
      <SidebarProvider>
        <TooltipProvider>{children}</TooltipProvider>
      </SidebarProvider>
    ),
  });
  const loggedOut = () =>
    fetch.mock.calls.filter(
      ([url, init]) => String(url) === '/api/logout' && init?.method === 'POST',
    );
  return { loggedOut, navigate };
}

describe('AppSidebar Sign Out', () => {
  it('ends the session, forgets the drafts, then signs out at the provider', async () => {
    const { loggedOut, navigate } = renderSidebar(() => new Response(null, { status: 204 }));
    await userEvent.click(screen.getByRole('button', { name: 'Sign Out' }));

    await vi.waitFor(() => expect(navigate).toHaveBeenCalledWith('/api/logout'));
    expect(loggedOut()).toHaveLength(1);
    expect(localStorage.getItem(draftKey)).toBeNull();
    // Only what is the person's goes; the browser's own choices stay.
    expect(localStorage.getItem('encore-ui-theme')).toBe('dark');
    expect(shownToasts()).toContain('Logged out You have been successfully logged out');
  });

  it('ends the session once however often it is pressed while signing out', async () => {
    let endSession!: () => void;
    const { loggedOut, navigate } = renderSidebar(
      () =>
        new Promise((resolve) => {
          endSession = () => resolve(new Response(null, { status: 204 }));
        }),
    );
    const button = screen.getByRole('button', { name: 'Sign Out' });
    await userEvent.click(button);
    await userEvent.click(button);
    expect(loggedOut()).toHaveLength(1);

    endSession();
    await vi.waitFor(() => expect(navigate).toHaveBeenCalledTimes(1));
    await userEvent.click(button);
    expect(loggedOut()).toHaveLength(1);
  });

  it('keeps the drafts and stays when the session could not be ended', async () => {
    const { loggedOut, navigate } = renderSidebar(() => json({ message: 'Database down' }, 503));
    await userEvent.click(screen.getByRole('button', { name: 'Sign Out' }));

    await vi.waitFor(() => expect(shownToasts()).toContain('Logout failed 503:'));
    expect(loggedOut()).toHaveLength(1);
    expect(localStorage.getItem(draftKey)).not.toBeNull();
    expect(navigate).not.toHaveBeenCalled();
  });
});
