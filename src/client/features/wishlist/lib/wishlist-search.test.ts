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
    ['', ['Beyoncé', 'Kamasi Washington', 'Run the Jewels']],
    ['   ', ['Beyoncé', 'Kamasi Washington', 'Run the Jewels']],
    ['beyonce', ['Beyoncé']],
    ['BLUE note', ['Kamasi Washington']],
    ['denver', ['Run the Jewels']],
    ['hip hop', ['Run the Jewels']],
    ['hip-hop', ['Run the Jewels']],
    ['indie', []],
    ['new york jazz', ['Kamasi Washington']],
    ['new york pop', []],
  ])('"%s" keeps %j', (query, artists) => {
    expect(filterWishlist(list, query).map((c) => c.artist)).toEqual(artists);
  });
});
