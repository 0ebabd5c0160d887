import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { DiaryPage, DiaryShow, DiaryStats } from '#shared/schemas/diary';
import { DiaryView } from '#client/features/diary/components/diary-view';
import { json, renderWithQueryClient } from '#client/testing/render';
import DiaryPagePage from './diary';

function aShow(overrides: Partial<DiaryShow> = {}): DiaryShow {
  return {
    id: 'c1',
    date: '2025-06-30',
    artist: 'The Velvet Lanterns',
    venue: 'The Roxy',
    city: 'Los Angeles',
    country: 'United States',
    reviewed: false,
    reviewId: null,
    rating: null,
    ...overrides,
  };
}

const STATS: DiaryStats = {
  shows: 3,
  artists: 2,
  venues: 2,
  cities: 2,
  countries: 1,
  songsHeardLive: 7,
  mostSeenArtist: { name: 'Rhyme Theory', count: 2 },
  mostVisitedVenue: { name: 'The Roxy', city: 'Los Angeles', count: 2 },
  firstShow: {
    id: 'c3',
    date: '2024-03-10',
    artist: 'Rhyme Theory',
    venue: 'The Roxy',
    city: 'Los Angeles',
  },
  perYear: [
    { year: 2025, count: 2 },
    { year: 2024, count: 1 },
  ],
  topSongs: [{ song: 'Hit Song', count: 2 }],
};

const PAGE: DiaryPage = {
  shows: [
    aShow({ reviewed: true, reviewId: 'r1', rating: 4.5 }),
    aShow({
      id: 'c2',
      date: '2025-02-14',
      artist: 'Rhyme Theory',
      venue: 'Brixton Academy',
      city: 'London',
      country: 'United Kingdom',
    }),
    aShow({ id: 'c3', date: '2024-03-10', artist: 'Rhyme Theory' }),
  ],
  didYouGo: [aShow({ id: 'missed', date: '2026-01-02', artist: 'Missed Band' })],
};

/** A server with one diary and no imports: reads answer at once; marks answer 200 or 204. */
function serveDiary(page: DiaryPage = PAGE, stats: DiaryStats = STATS) {
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    const path = String(url);
    if (init?.method === 'PUT') return json({ concertId: 'missed', status: 'attended' });
    if (init?.method === 'DELETE') return new Response(null, { status: 204 });
    if (path === '/api/users/me/imports') return json([]);
    if (path.includes('/diary/stats')) return json(stats);
    if (path.includes('/diary')) return json(page);
    return json({ message: 'Not found' }, 404);
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const writes = (fetchMock: ReturnType<typeof serveDiary>) =>
  fetchMock.mock.calls
    .filter(([, init]) => init?.method && init.method !== 'GET')
    .map(([url, init]) => `${init!.method} ${String(url)}`);

describe('the diary page', () => {
  it('shows "My Diary", the numbers, shows per year as a table, and the shows by year', async () => {
    serveDiary();
    renderWithQueryClient(<DiaryPagePage />);
    expect(screen.getByRole('heading', { level: 1, name: 'My Diary' })).toBeTruthy();

    const numbers = await screen.findByRole('region', { name: 'Numbers' });
    for (const [label, value] of [
      ['Shows', '3'],
      ['Artists', '2'],
      ['Venues', '2'],
      ['Cities', '2'],
      ['Countries', '1'],
      ['Songs heard live', '7'],
    ] as const) {
      const term = within(numbers).getByText(label, { selector: 'dt' });
      expect(term.nextElementSibling?.textContent).toBe(value);
    }
    expect(numbers.textContent).toContain('Rhyme Theory (2 shows)');
    expect(numbers.textContent).toContain('The Roxy, Los Angeles (2 visits)');
    expect(numbers.textContent).toContain('Hit Song × 2');

    const table = within(numbers).getByRole('table', { name: 'Shows per year' });
    const rows = within(table)
      .getAllByRole('row')
      .map((row) => row.textContent);
    expect(rows).toEqual(['YearShows', '20252', '20241']);

    const years = await screen.findAllByRole('heading', { level: 2, name: /^\d{4}$/ });
    expect(years.map((h) => h.textContent)).toEqual(['2025', '2024']);
    const in2025 = screen.getByRole('region', { name: '2025' });
    expect(within(in2025).getAllByRole('listitem')).toHaveLength(2);
    expect(within(in2025).getByRole('link', { name: 'Your review' }).getAttribute('href')).toBe(
      '/reviews/r1',
    );
    expect(screen.getByRole('button', { name: /Export CSV/ })).toBeTruthy();
  });

  it('"Did you go?": "I was there" marks the show attended, "I missed it" removes the mark', async () => {
    const fetchMock = serveDiary();
    renderWithQueryClient(<DiaryPagePage />);
    const ask = await screen.findByRole('region', { name: 'Did you go?' });
    expect(ask.textContent).toContain('Missed Band');

    await userEvent.click(within(ask).getByRole('button', { name: /^I was there\W+Missed Band$/ }));
    await waitFor(() => expect(writes(fetchMock)).toEqual(['PUT /api/concerts/missed/attendance']));
    const put = fetchMock.mock.calls.find(([, init]) => init?.method === 'PUT');
    expect(JSON.parse(String(put?.[1]?.body))).toEqual({ status: 'attended' });

    await userEvent.click(within(ask).getByRole('button', { name: /^I missed it\W+Missed Band$/ }));
    await waitFor(() =>
      expect(writes(fetchMock)).toEqual([
        'PUT /api/concerts/missed/attendance',
        'DELETE /api/concerts/missed/attendance',
      ]),
    );
  });

  it('asks again with the filters once they are sent', async () => {
    const fetchMock = serveDiary();
    renderWithQueryClient(<DiaryPagePage />);
    await screen.findByRole('region', { name: '2025' });
    await userEvent.type(screen.getByLabelText('Artist'), 'rhyme');
    await userEvent.type(screen.getByLabelText('Year'), '2025');
    await userEvent.click(screen.getByRole('button', { name: 'Filter' }));
    await waitFor(() =>
      expect(
        fetchMock.mock.calls.some(([url]) => {
          const asked = new URL(String(url), 'http://localhost');
          return (
            asked.pathname === '/api/users/me/diary' &&
            asked.searchParams.get('artist') === 'rhyme' &&
            asked.searchParams.get('year') === '2025'
          );
        }),
      ).toBe(true),
    );
    expect(screen.getByRole('button', { name: 'Clear filters' })).toBeTruthy();
  });

  it('invites a first show when the diary is empty', async () => {
    serveDiary({ shows: [], didYouGo: [] }, { ...STATS, shows: 0, perYear: [], topSongs: [] });
    renderWithQueryClient(<DiaryPagePage />);
    expect(await screen.findByRole('heading', { name: 'No shows yet' })).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Did you go?' })).toBeNull();
    // The moment to import: the forms are open at once.
    expect(screen.getByRole('button', { name: 'Import shows' }).getAttribute('aria-expanded')).toBe(
      'true',
    );
    expect(screen.getByRole('region', { name: 'Import from setlist.fm' })).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Import from a file' })).toBeTruthy();
  });

  it('says so when the diary fails to load, with a Retry', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json({ message: 'Boom' }, 500)),
    );
    renderWithQueryClient(<DiaryPagePage />);
    expect(await screen.findByText('Failed to load the diary')).toBeTruthy();
    expect(screen.getAllByRole('button', { name: 'Retry' }).length).toBeGreaterThan(0);
  });
});

describe("someone else's diary (the profile's Shows tab)", () => {
  it('is read-only: no "Did you go?", no Export CSV, no review links', async () => {
    const fetchMock = serveDiary({
      shows: [aShow({ reviewed: true })],
      didYouGo: [],
    });
    renderWithQueryClient(<DiaryView who="u2" own={false} />);
    const year = await screen.findByRole('region', { name: '2025' });
    expect(year.textContent).toContain('Reviewed');
    expect(screen.queryByRole('region', { name: 'Did you go?' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Export CSV/ })).toBeNull();
    expect(
      fetchMock.mock.calls.every(([url]) => String(url).startsWith('/api/users/u2/diary')),
    ).toBe(true);
  });

  it('tells that the history is private on a 403', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json({ message: 'This person keeps their concert history private.' }, 403)),
    );
    renderWithQueryClient(<DiaryView who="u2" own={false} />);
    expect(await screen.findByRole('heading', { name: 'Concert history is private' })).toBeTruthy();
  });
});
