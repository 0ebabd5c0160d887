import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ThemeProvider } from '#client/components/theme/theme-provider';
import { PERSONAL_STORAGE_PREFIX } from '#client/lib/personal-storage';
import { renderWithQueryClient, shownToasts } from '#client/testing/render';
import SettingsPage from './settings';

const draftKey = `${PERSONAL_STORAGE_PREFIX}robin`;

beforeEach(() => {
  localStorage.clear();
  localStorage.setItem(draftKey, '[{"id":"draft-1"}]');
});

/**
 * The server as Settings' Sign Out meets it: POST /api/logout answers when the test says,
 * every read fails (the cards' own states are theirs). The browser's navigation is recorded,
 * never followed.
 */
function renderSettings() {
  let endSession!: () => void;
  const fetch = vi.spyOn(globalThis, 'fetch').mockImplementation((url, init) =>
    String(url) === '/api/logout' && init?.method === 'POST'
      ? new Promise((resolve) => {
          endSession = () => resolve(new Response(null, { status: 204 }));
        })
      : Promise.resolve(new Response('', { status: 503 })),
  );
  const navigate = vi.spyOn(window.location, 'assign').mockImplementation(() => {});
  renderWithQueryClient(<SettingsPage />, {
    providers: ({ children }) => (
      <ThemeProvider storageKey="settings-page-test-theme">{children}</ThemeProvider>
    ),
  });
  const loggedOut = () =>
    fetch.mock.calls.filter(
      ([url, init]) => String(url) === '/api/logout' && init?.method === 'POST',
    );
  return { loggedOut, navigate, endSession: () => endSession() };
}

describe('Settings Sign Out', () => {
  it('says "Signing Out..." while the session ends, then forgets the drafts and lands on /auth', async () => {
    const { loggedOut, navigate, endSession } = renderSettings();
    await userEvent.click(screen.getByRole('button', { name: 'Sign Out' }));
    const pending = await screen.findByRole('button', { name: 'Signing Out...' });
    expect((pending as HTMLButtonElement).disabled).toBe(true);
    expect(loggedOut()).toHaveLength(1);

    endSession();
    await vi.waitFor(() => expect(navigate).toHaveBeenCalledWith('/api/logout?then=sign-in'));
    expect(localStorage.getItem(draftKey)).toBeNull();
    expect(shownToasts()).toContain('Logged out You have been successfully logged out');
  });
});
