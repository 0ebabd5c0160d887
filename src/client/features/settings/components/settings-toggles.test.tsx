import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_SETTINGS, type UserSettings } from '#shared/schemas/users';
import { ThemeProvider } from '#client/components/theme/theme-provider';
import { json, renderWithQueryClient } from '#client/testing/render';
import { SettingsToggles } from './settings-toggles';

const DEFAULTS: UserSettings = { ...DEFAULT_SETTINGS, theme: 'light' };

/** A server whose PUT answers as `onPut` says; GET answers what it holds. */
function serveSettings(onPut: (update: Partial<UserSettings>) => Promise<Response> | Response) {
  let stored = { ...DEFAULTS };
  return vi.spyOn(globalThis, 'fetch').mockImplementation(async (_url, init) => {
    if (init?.method === 'PUT') {
      const update = JSON.parse(String(init.body)) as Partial<UserSettings>;
      const response = await onPut(update);
      if (response.ok) stored = { ...stored, ...update };
      return response.ok ? json(stored) : response;
    }
    return json(stored);
  });
}

function renderToggles() {
  renderWithQueryClient(<SettingsToggles />, {
    providers: ({ children }) => (
      <ThemeProvider storageKey="settings-test-theme">{children}</ThemeProvider>
    ),
  });
}

const toggle = (name: string) => screen.findByRole('switch', { name });

beforeEach(() => localStorage.clear());

describe('SettingsToggles', () => {
  it('shows every setting as a labelled switch in its saved state', async () => {
    serveSettings(() => json({}));
    renderToggles();
    for (const name of [
      'Push notifications',
      'Email notifications',
      'Daily digest',
      'Concert alerts',
      'New followers',
      'Likes',
      'Comments',
      'Reviews by people you follow',
      'Friends going',
      'Dark mode',
      'Public profile',
      'Show concert history',
    ]) {
      expect(await toggle(name)).toBeTruthy();
    }
    expect((await toggle('Email notifications')).getAttribute('aria-checked')).toBe('true');
    expect((await toggle('Dark mode')).getAttribute('aria-checked')).toBe('false');
  });

  it('flips at once, and flips back with a toast when the save fails', async () => {
    let fail!: () => void;
    const fetch = serveSettings(
      () =>
        new Promise((resolve) => {
          fail = () => resolve(json({ message: 'nope' }, 500));
        }),
    );
    const user = userEvent.setup();
    renderToggles();
    const email = await toggle('Email notifications');
    await user.click(email);

    expect(email.getAttribute('aria-checked')).toBe('false');
    const put = fetch.mock.calls.find(([, init]) => init?.method === 'PUT')!;
    expect(put[0]).toBe('/api/users/me/settings');
    expect(JSON.parse(String(put[1]!.body))).toEqual({ emailNotifications: false });

    fail();
    await waitFor(() => expect(email.getAttribute('aria-checked')).toBe('true'));
    expect(screen.getByText('Failed to save settings')).toBeTruthy();
  });

  it('offers "Daily digest" under "Email notifications", off while they are off', async () => {
    const fetch = serveSettings(() => json({}));
    const user = userEvent.setup();
    renderToggles();
    const digest = await toggle('Daily digest');
    expect(digest.getAttribute('aria-checked')).toBe('true');
    await user.click(digest);
    await waitFor(() => expect(digest.getAttribute('aria-checked')).toBe('false'));
    const put = fetch.mock.calls.find(([, init]) => init?.method === 'PUT')!;
    expect(JSON.parse(String(put[1]!.body))).toEqual({ dailyDigest: false });

    await user.click(digest);
    await waitFor(() => expect(digest.getAttribute('aria-checked')).toBe('true'));
    await user.click(await toggle('Email notifications'));
    await waitFor(() => expect(digest.getAttribute('aria-checked')).toBe('false'));
    expect(digest.hasAttribute('disabled')).toBe(true);
  });

  it('keeps a change the server saved', async () => {
    serveSettings(() => json({}));
    const user = userEvent.setup();
    renderToggles();
    const history = await toggle('Show concert history');
    await user.click(history);
    await waitFor(() => expect(history.getAttribute('aria-checked')).toBe('false'));
    expect(screen.queryByText('Failed to save settings')).toBeNull();
  });

  it('turns the app dark with Dark mode, and back to light if the save fails', async () => {
    let fail!: () => void;
    serveSettings(
      () =>
        new Promise((resolve) => {
          fail = () => resolve(json({ message: 'nope' }, 500));
        }),
    );
    const user = userEvent.setup();
    renderToggles();
    await user.click(await toggle('Dark mode'));
    expect(document.documentElement.classList.contains('dark')).toBe(true);
    fail();
    await waitFor(() => expect(document.documentElement.classList.contains('dark')).toBe(false));
  });
});
