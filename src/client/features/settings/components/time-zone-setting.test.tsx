import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_SETTINGS, type UserSettings } from '#shared/schemas/users';
import { json, renderWithQueryClient } from '#client/testing/render';
import { TimeZoneSetting } from './time-zone-setting';

const zoneBefore = process.env.TZ;
afterEach(() => {
  process.env.TZ = zoneBefore;
});

/** A server holding `saved`; a PUT answers as `onPut` says and is kept when it succeeds. */
function serveSettings(
  saved: Partial<UserSettings>,
  onPut: (update: Partial<UserSettings>) => Response = () => json({}),
) {
  let stored: UserSettings = { ...DEFAULT_SETTINGS, ...saved };
  const puts: Partial<UserSettings>[] = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (_url, init) => {
    if (init?.method === 'PUT') {
      const update = JSON.parse(String(init.body)) as Partial<UserSettings>;
      puts.push(update);
      const response = onPut(update);
      if (!response.ok) return response;
      stored = { ...stored, ...update };
    }
    return json(stored);
  });
  return puts;
}

const select = () => screen.findByRole('combobox', { name: 'Time zone' });

describe('TimeZoneSetting', () => {
  it('offers the browser’s zone until one is saved, and saves it when asked', async () => {
    process.env.TZ = 'Asia/Tokyo';
    const puts = serveSettings({ timeZone: null });
    renderWithQueryClient(<TimeZoneSetting />);
    const zone = (await select()) as HTMLSelectElement;
    expect(zone.value).toBe('Asia/Tokyo');
    expect(screen.getByRole('option', { name: 'America/New York' })).toBeTruthy();
    expect(zone.getAttribute('aria-describedby')).toBeTruthy();
    expect(screen.getByText(/This is your browser’s time zone/)).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'Save time zone' }));
    await waitFor(() => expect(puts).toEqual([{ timeZone: 'Asia/Tokyo' }]));
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: 'Save time zone' })).toBeNull(),
    );
  });

  it('shows the saved zone, wherever the browser is, and saves another when chosen', async () => {
    process.env.TZ = 'Asia/Tokyo';
    const puts = serveSettings({ timeZone: 'America/Chicago' });
    renderWithQueryClient(<TimeZoneSetting />);
    const zone = (await select()) as HTMLSelectElement;
    await waitFor(() => expect(zone.value).toBe('America/Chicago'));
    expect(screen.queryByRole('button', { name: 'Save time zone' })).toBeNull();

    await userEvent.selectOptions(zone, 'Europe/Berlin');
    await waitFor(() => expect(puts).toEqual([{ timeZone: 'Europe/Berlin' }]));
    expect(zone.value).toBe('Europe/Berlin');
  });

  it('goes back to the saved zone, with a toast, when the server refuses', async () => {
    serveSettings({ timeZone: 'America/Chicago' }, () =>
      json({ message: 'timeZone must be a time zone such as America/Chicago' }, 400),
    );
    renderWithQueryClient(<TimeZoneSetting />);
    const zone = (await select()) as HTMLSelectElement;
    await waitFor(() => expect(zone.value).toBe('America/Chicago'));
    await userEvent.selectOptions(zone, 'Europe/Berlin');
    await waitFor(() => expect(zone.value).toBe('America/Chicago'));
    expect(await screen.findByText('Failed to save settings')).toBeTruthy();
  });
});
