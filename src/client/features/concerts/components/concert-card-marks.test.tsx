import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { AttendanceLookup } from '#shared/schemas/attendance';
import { aConcertListItem } from '#client/testing/data';
import { json, renderWithQueryClient } from '#client/testing/render';
import { DiscoverConcerts } from './discover-concerts';

const base = aConcertListItem();
const soon = base;
const later = { ...base, id: 'c2', artist: 'Other Band' };
const past = { ...base, id: 'c3', artist: 'Old Band', date: '2020-06-01' };

/**
 * A server with two concerts to come and one past, the viewer's marks `marks`; a mark's
 * answer waits for the test's `answer`.
 */
function serve(marks: AttendanceLookup) {
  let answer!: (response: Response) => void;
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    if (url.startsWith('/api/concerts?')) return json([soon, later, past]);
    if (url.startsWith('/api/users/me/attendance')) return json(marks);
    if (url.includes('/attendance') && init?.method !== 'GET') {
      return new Promise<Response>((resolve) => {
        answer = resolve;
      });
    }
    return json([]);
  });
  vi.stubGlobal('fetch', fetchMock);
  return { fetchMock, answer: (response: Response) => answer(response) };
}

const card = (artist: string) => screen.getByRole('article', { name: artist });
const going = (artist: string) => within(card(artist)).getByRole('button', { name: 'Going' });

describe('concert cards: "Going" / "I was there"', () => {
  it('shows the viewer’s marks from one read for the page of cards', async () => {
    const { fetchMock } = serve({ marks: [{ concertId: 'c1', status: 'going', reviewId: null }] });
    renderWithQueryClient(<DiscoverConcerts signedIn />);
    await vi.waitFor(() => expect(going('Local Band').getAttribute('aria-pressed')).toBe('true'));
    expect(going('Other Band').getAttribute('aria-pressed')).toBe('false');
    const reads = fetchMock.mock.calls.filter(([url]) =>
      url.startsWith('/api/users/me/attendance'),
    );
    expect(reads.map(([url]) => url)).toEqual(['/api/users/me/attendance?concertIds=c1%2Cc2%2Cc3']);
  });

  it('keeps "I was there" pressed on a show the viewer reviewed, and says why instead of unmarking', async () => {
    const { fetchMock } = serve({
      marks: [{ concertId: 'c3', status: 'attended', reviewId: 'r1' }],
    });
    renderWithQueryClient(<DiscoverConcerts signedIn />);
    const wasThere = await vi.waitFor(() =>
      within(card('Old Band')).getByRole('button', { name: 'I was there' }),
    );
    expect(wasThere.getAttribute('aria-pressed')).toBe('true');
    expect(wasThere.getAttribute('aria-disabled')).toBe('true');
    await userEvent.click(wasThere);
    expect(
      fetchMock.mock.calls.some(
        ([url, init]) => url.includes('/attendance') && init?.method === 'DELETE',
      ),
    ).toBe(false);
    expect(wasThere.getAttribute('aria-pressed')).toBe('true');
  });

  it('marks a card "Going" at once, and unpresses it when the server refuses', async () => {
    const { fetchMock, answer } = serve({ marks: [] });
    renderWithQueryClient(<DiscoverConcerts signedIn />);
    await vi.waitFor(() => expect(going('Other Band').getAttribute('aria-pressed')).toBe('false'));
    await userEvent.click(going('Other Band'));
    expect(going('Other Band').getAttribute('aria-pressed')).toBe('true');
    expect(fetchMock).toHaveBeenCalledWith(
      '/api/concerts/c2/attendance',
      expect.objectContaining({ method: 'PUT', body: JSON.stringify({ status: 'going' }) }),
    );
    answer(json({ message: 'No' }, 500));
    await vi.waitFor(() => expect(going('Other Band').getAttribute('aria-pressed')).toBe('false'));
  });

  it('shows no toggles, and reads no marks, signed out', async () => {
    const { fetchMock } = serve({ marks: [] });
    renderWithQueryClient(<DiscoverConcerts />);
    expect(await screen.findByText('Local Band')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Going' })).toBeNull();
    expect(fetchMock.mock.calls.some(([url]) => url.startsWith('/api/users/me/attendance'))).toBe(
      false,
    );
  });
});
