import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { json, renderWithQueryClient } from '#client/testing/render';
import { CalendarFeedCard } from './calendar-feed-card';

const FIRST = '/api/calendar/first.ics';
const SECOND = '/api/calendar/second.ics';

/** The feed's server: GET answers the current path, POST …/reset replaces it. */
function serveFeed() {
  let path = FIRST;
  return vi.spyOn(globalThis, 'fetch').mockImplementation(async (url, init) => {
    if (String(url).endsWith('/reset') && init?.method === 'POST') path = SECOND;
    return json({ path, includeFollowedArtists: false });
  });
}

const resets = (fetch: ReturnType<typeof serveFeed>) =>
  fetch.mock.calls.filter(([url]) => String(url).endsWith('/reset')).length;

describe('CalendarFeedCard', () => {
  it('offers the address as a webcal:// link beside Copy', async () => {
    serveFeed();
    renderWithQueryClient(<CalendarFeedCard />);
    const subscribe = await screen.findByRole('link', { name: 'Subscribe' });
    expect(subscribe.getAttribute('href')).toBe(`webcal://${window.location.host}${FIRST}`);
    expect(screen.getByRole('button', { name: 'Copy' })).toBeTruthy();
  });

  it('asks before Reset link, and Cancel keeps the address', async () => {
    const fetch = serveFeed();
    renderWithQueryClient(<CalendarFeedCard />);
    await userEvent.click(await screen.findByRole('button', { name: 'Reset link' }));
    const question = screen.getByRole('alertdialog', { name: 'Reset your feed link?' });
    expect(question).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(resets(fetch)).toBe(0);
    expect(screen.getByLabelText('Private feed address')).toHaveProperty(
      'value',
      `${window.location.origin}${FIRST}`,
    );
  });

  it('resets the link once confirmed', async () => {
    const fetch = serveFeed();
    renderWithQueryClient(<CalendarFeedCard />);
    await userEvent.click(await screen.findByRole('button', { name: 'Reset link' }));
    const dialog = screen.getByRole('alertdialog');
    await userEvent.click(
      Array.from(dialog.querySelectorAll('button')).find((b) => b.textContent === 'Reset link')!,
    );
    expect(await screen.findByDisplayValue(`${window.location.origin}${SECOND}`)).toBeTruthy();
    expect(resets(fetch)).toBe(1);
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });
});
