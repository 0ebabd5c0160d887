import { describe, expect, it } from 'vitest';
import type { Review } from '#shared/schemas/reviews';
import { aReview } from '#client/testing/data';
import {
  activeFilterCount,
  filterTimeline,
  genresOf,
  isFiltering,
  NO_FILTERS,
} from './timeline-filter';

const ids = (reviews: Review[]) => reviews.map((r) => r.id);

const reviews = [
  aReview('1', { reviewText: 'The bass shook the floor.', concert: { genre: 'rock' } }),
  aReview('2', {
    concert: {
      id: 'c2',
      artist: 'Beyoncé',
      venue: 'SoFi Stadium',
      city: 'Inglewood',
      date: '2025-08-01',
      genre: null,
    },
    overallRating: 5,
    media: [
      {
        url: '/uploads/a.webp',
        thumbnailUrl: '/uploads/a-400.webp',
        kind: 'image',
        altText: null,
      } as Review['media'][number],
    ],
    photos: ['/uploads/a.webp'],
  }),
  aReview('3', {
    user: {
      id: 'u3',
      firstName: 'Grace',
      lastName: 'Hopper',
      username: 'amazing_grace',
      profileImageUrl: null,
    },
    overallRating: 2.5,
    concert: { genre: 'jazz' },
  }),
];

describe('filterTimeline', () => {
  it.each([
    ['', ['1', '2', '3']],
    ['bass', ['1']],
    ['beyonce', ['2']],
    ['SOFI', ['2']],
    ['inglewood', ['2']],
    ['grace hopper', ['3']],
    ['@amazing', ['3']],
    ['amazing_grace', ['3']],
    ['radiohead forum', ['1', '3']],
    ['radiohead sofi', []],
  ])('search %j finds %j', (search, expected) => {
    expect(ids(filterTimeline(reviews, search, NO_FILTERS))).toEqual(expected);
  });

  it('keeps reviews at or above the least rating', () => {
    expect(ids(filterTimeline(reviews, '', { ...NO_FILTERS, minRating: 4 }))).toEqual(['1', '2']);
    expect(ids(filterTimeline(reviews, '', { ...NO_FILTERS, minRating: 4.5 }))).toEqual(['2']);
  });

  it('keeps only reviews with photos when asked', () => {
    expect(ids(filterTimeline(reviews, '', { ...NO_FILTERS, withPhotosOnly: true }))).toEqual([
      '2',
    ]);
  });

  it('filters by the genre the review carries, whatever its case', () => {
    expect(ids(filterTimeline(reviews, '', { ...NO_FILTERS, genre: 'Jazz' }))).toEqual(['3']);
  });

  it('combines the search and every filter', () => {
    const filters = { genre: 'rock', minRating: 3, withPhotosOnly: false };
    expect(ids(filterTimeline(reviews, 'bass', filters))).toEqual(['1']);
    expect(ids(filterTimeline(reviews, 'grace', filters))).toEqual([]);
  });
});

describe('genresOf and the filter counts', () => {
  it('lists the distinct genres of the loaded reviews in catalogue order', () => {
    expect(genresOf([...reviews, aReview('4', { concert: { genre: 'Rock' } })])).toEqual([
      'rock',
      'jazz',
    ]);
  });

  it('counts what is in force', () => {
    expect(activeFilterCount(NO_FILTERS)).toBe(0);
    expect(activeFilterCount({ genre: 'pop', minRating: 3, withPhotosOnly: true })).toBe(3);
    expect(isFiltering('  ', NO_FILTERS)).toBe(false);
    expect(isFiltering('x', NO_FILTERS)).toBe(true);
  });
});
