import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { PROVIDERS_SKIPPED_HEADER, type ConcertListItem } from '#shared/schemas/concerts';
import { json, renderWithQueryClient } from '#client/testing/render';
import { CONCERTS_PAGE_SIZE } from '../lib/discover-filters';
import { DiscoverConcerts } from './discover-concerts';

const concert: ConcertListItem = {
  id: 'c1',
  artist: 'Local Band',
  artistId: 'a1',
  venue: 'Thalia Hall',
  venueId: 'v1',
  date: '2099-06-01',
  time: '8:00 PM',
  city: 'Chicago',
  price: '$25',
  genre: 'rock',
  imageUrl: null,
  ticketUrl: null,
  setlistUrl: null,
  averageRating: null,
};

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
