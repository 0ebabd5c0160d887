import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { PROVIDERS_SKIPPED_HEADER, type ConcertListItem } from '#shared/schemas/concerts';
import { renderWithQueryClient } from '#client/testing/render';
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
});
