import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { PROVIDERS_SKIPPED_HEADER, TOTAL_COUNT_HEADER } from '#shared/schemas/concerts';
import { aConcertListItem } from '#client/testing/data';
import { json, renderWithQueryClient } from '#client/testing/render';
import { CONCERTS_PAGE_SIZE } from '../lib/discover-filters';
import { DateRangeFilter } from './date-range-filter';
import { DiscoverConcerts } from './discover-concerts';

const concert = aConcertListItem();

/** Answers every concert list with one concert and `headers`; anything else with []. */
function answerLists(headers: Record<string, string>) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      const isList = url.startsWith('/api/concerts?');
      return new Response(JSON.stringify(isList ? [concert] : []), {
        headers: { 'Content-Type': 'application/json', ...(isList ? headers : {}) },
      });
    }),
  );
}

const note = 'Showing concerts from Encore only — Ticketmaster results are paused for a while.';

describe('DiscoverConcerts', () => {
  it('says politely that the list is Encore’s own when Ticketmaster was left out', async () => {
    answerLists({ [PROVIDERS_SKIPPED_HEADER]: 'ticketmaster' });
    renderWithQueryClient(<DiscoverConcerts />);
    expect(await screen.findByText('Local Band')).toBeTruthy();
    expect(screen.getByText(note).getAttribute('role')).toBe('status');
  });

  it('says nothing of Ticketmaster when the list merged its events', async () => {
    answerLists({});
    renderWithQueryClient(<DiscoverConcerts />);
    expect(await screen.findByText('Local Band')).toBeTruthy();
    expect(screen.queryByText(note)).toBeNull();
  });

  it('moves focus to the first new concert after Load More Concerts', async () => {
    const page = (offset: number, size: number) =>
      Array.from({ length: size }, (_, index) => ({
        ...concert,
        id: `c${offset + index}`,
        artist: `Band ${offset + index}`,
      }));
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        if (!url.startsWith('/api/concerts?')) return json([]);
        const offset = Number(new URL(url, 'http://x').searchParams.get('offset') ?? 0);
        return json(offset === 0 ? page(0, CONCERTS_PAGE_SIZE) : page(offset, 2));
      }),
    );
    renderWithQueryClient(<DiscoverConcerts />);
    await userEvent.click(await screen.findByRole('button', { name: 'Load More Concerts' }));
    const firstNew = await screen.findByText(`Band ${CONCERTS_PAGE_SIZE}`, {}, { timeout: 5000 });
    await waitFor(() =>
      expect(
        document.activeElement?.contains(firstNew) || firstNew.contains(document.activeElement),
      ).toBe(true),
    );
    // Twenty-six cards take a few seconds to render in jsdom.
  }, 15_000);

  it('moves focus to the results’ heading after Clear Filters', async () => {
    window.history.replaceState(null, '', '/?search=nothing');
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        const matching = url.startsWith('/api/concerts?') && !url.includes('nothing');
        return json(matching ? [concert] : []);
      }),
    );
    renderWithQueryClient(<DiscoverConcerts />);
    await userEvent.click(await screen.findByRole('button', { name: 'Clear Filters' }));
    expect(document.activeElement).toBe(document.getElementById('discover-results'));
    expect(await screen.findByText('Local Band')).toBeTruthy();
    window.history.replaceState(null, '', '/');
  });
});

/** The concert lists asked for, as their query parameters. */
function listRequests(fetchMock: ReturnType<typeof vi.fn>) {
  return fetchMock.mock.calls
    .map(([url]) => String(url))
    .filter((url) => url.startsWith('/api/concerts?'))
    .map((url) => new URL(url, 'http://x').searchParams);
}

/** Answers every concert list with one concert, saying the filters find `total` in all. */
function answerWithTotal(total: (params: URLSearchParams) => string) {
  const fetchMock = vi.fn(async (url: string) => {
    if (!url.startsWith('/api/concerts?')) return json([]);
    return new Response(JSON.stringify([concert]), {
      headers: {
        'Content-Type': 'application/json',
        [TOTAL_COUNT_HEADER]: total(new URL(url, 'http://x').searchParams),
      },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const resultsHeading = () => document.getElementById('discover-results')!;

describe('DiscoverConcerts: the count, "Near you" and the search on phones', () => {
  it.each([
    ['124', '124 concerts'],
    ['1', '1 concert'],
    ['0', '0 concerts'],
    ['10000+', '10,000+ concerts'],
  ])('says the total the server found (%s), not the loaded page', async (header, text) => {
    answerWithTotal(() => header);
    renderWithQueryClient(<DiscoverConcerts />);
    await waitFor(() => expect(resultsHeading().textContent).toBe(text));
  });

  it('opens filtered to the person’s city, and one click on "Near you" clears it for good', async () => {
    const fetchMock = answerWithTotal((params) => (params.get('city') === 'chicago' ? '3' : '124'));
    renderWithQueryClient(<DiscoverConcerts homeCity="chicago" />);
    const nearYou = await screen.findByRole('button', { name: 'Near you' });
    expect(nearYou.getAttribute('aria-pressed')).toBe('true');
    await waitFor(() => expect(resultsHeading().textContent).toBe('3 concerts'));
    // The first list asked for is already the city's.
    expect(listRequests(fetchMock)[0]!.get('city')).toBe('chicago');
    expect(window.location.search).toBe('');

    await userEvent.click(nearYou);
    expect(nearYou.getAttribute('aria-pressed')).toBe('false');
    await waitFor(() => expect(resultsHeading().textContent).toBe('124 concerts'));
    expect(listRequests(fetchMock).at(-1)!.get('city')).toBeNull();

    // Another filter does not bring the city back.
    const trending = screen.getByRole('region', { name: 'Trending Genres' });
    await userEvent.click(within(trending).getByRole('button', { name: 'Electronic' }));
    await waitFor(() => expect(listRequests(fetchMock).at(-1)!.get('genre')).toBe('electronic'));
    expect(listRequests(fetchMock).at(-1)!.get('city')).toBeNull();
    expect(nearYou.getAttribute('aria-pressed')).toBe('false');

    // Pressed again, it does.
    await userEvent.click(nearYou);
    await waitFor(() => expect(listRequests(fetchMock).at(-1)!.get('city')).toBe('chicago'));
    window.history.replaceState(null, '', '/');
  });

  it('has no "Near you" for someone whose location is not one of our cities', async () => {
    const fetchMock = answerWithTotal(() => '124');
    renderWithQueryClient(<DiscoverConcerts homeCity={null} />);
    await waitFor(() => expect(resultsHeading().textContent).toBe('124 concerts'));
    expect(screen.queryByRole('button', { name: 'Near you' })).toBeNull();
    expect(listRequests(fetchMock)[0]!.get('city')).toBeNull();
  });

  it('shows the search on a phone without opening the filters', async () => {
    const matchMedia = vi.spyOn(window, 'matchMedia').mockImplementation(
      (query: string) =>
        ({
          matches: query.includes('max-width'),
          media: query,
          addEventListener: () => {},
          removeEventListener: () => {},
        }) as unknown as MediaQueryList,
    );
    answerWithTotal(() => '124');
    renderWithQueryClient(<DiscoverConcerts />);
    expect(await screen.findByRole('searchbox', { name: 'Search concerts' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Filters' }).getAttribute('aria-expanded')).toBe(
      'false',
    );
    // The folded filters are not rendered yet.
    expect(screen.queryByRole('combobox', { name: 'Location' })).toBeNull();
    matchMedia.mockRestore();
  });
});

describe('DateRangeFilter', () => {
  it('picks a single day with one click', async () => {
    const onChange = vi.fn();
    render(<DateRangeFilter startDate="" endDate="" today="2099-06-01" onChange={onChange} />);
    await userEvent.click(screen.getByRole('button', { name: /Jun 1, 2099/ }));
    // The calendar's code loads as it opens: on a busy machine, longer than findBy's second.
    const day = await screen.findByRole('button', { name: /June 10th, 2099/ }, { timeout: 10_000 });
    await userEvent.click(day);
    expect(onChange).toHaveBeenLastCalledWith({ startDate: '2099-06-10', endDate: '2099-06-10' });
  });
});
