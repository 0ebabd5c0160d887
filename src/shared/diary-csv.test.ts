import { describe, expect, it } from 'vitest';
import type { DiaryShow } from '#shared/schemas/diary';
import { diaryCsv } from './diary-csv.ts';

const show = (overrides: Partial<DiaryShow>): DiaryShow => ({
  id: 'c1',
  date: '2025-06-30',
  artist: 'Artist',
  venue: 'Venue',
  city: 'City',
  country: null,
  reviewed: false,
  reviewId: null,
  rating: null,
  ...overrides,
});

describe('diaryCsv', () => {
  it('writes a header and one row a show, quoting what needs it and keeping formulas as text', () => {
    const csv = diaryCsv([
      show({
        id: 'sfm_4bf6a2d3',
        artist: 'Crosby, Stills & Nash',
        country: 'United States',
        rating: 4.5,
      }),
      show({ artist: 'The "Quoted" Band', venue: '=HYPERLINK("x")' }),
    ]);
    expect(csv.split('\r\n')).toEqual([
      'date,artist,venue,city,country,setlist_fm_id,rating',
      '2025-06-30,"Crosby, Stills & Nash",Venue,City,United States,4bf6a2d3,4.5',
      `2025-06-30,"The ""Quoted"" Band","'=HYPERLINK(""x"")",City,,,`,
      '',
    ]);
  });
});
