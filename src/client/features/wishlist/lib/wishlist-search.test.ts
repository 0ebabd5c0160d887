import { describe, expect, it } from 'vitest';
import type { ConcertListItem } from '#shared/schemas/concerts';
import { filterWishlist } from './wishlist-search';

const concert = (overrides: Partial<ConcertListItem>): ConcertListItem => ({
  id: overrides.artist ?? 'id',
  artist: 'Artist',
  venue: 'Venue',
  date: '2026-06-01',
  time: null,
  city: 'Denver',
  price: null,
  genre: 'rock',
  ...overrides,
});

const list = [
  concert({ artist: 'Beyoncé', venue: 'SoFi Stadium', city: 'Los Angeles', genre: 'pop' }),
  concert({ artist: 'Kamasi Washington', venue: 'Blue Note', city: 'New York', genre: 'jazz' }),
  concert({ artist: 'Run the Jewels', venue: 'Red Rocks', city: 'Denver', genre: 'hip-hop' }),
];

describe('filterWishlist', () => {
  it.each([
    ['', 3],
    ['   ', 3],
    ['beyonce', 1],
    ['BLUE note', 1],
    ['denver', 1],
    ['hip hop', 1],
    ['hip-hop', 1],
    ['indie', 0],
    ['new york jazz', 1],
    ['new york pop', 0],
  ])('"%s" keeps %i', (query, count) => {
    expect(filterWishlist(list, query)).toHaveLength(count);
  });
});
