import { describe, expect, it } from 'vitest';
import {
  DEFAULT_RANKINGS_FILTERS,
  parseRankingsSearch,
  toRankingsSearch,
} from './rankings-filters';

describe('rankings filters in the address bar', () => {
  it('reads what it writes, leaving defaults out', () => {
    const filters = {
      kind: 'artists',
      aspect: 'sound',
      city: 'Chicago',
      genre: 'jazz',
      period: '12m',
    } as const;
    const search = toRankingsSearch(filters);
    expect(search).toBe('kind=artists&aspect=sound&city=Chicago&genre=jazz&period=12m');
    expect(parseRankingsSearch(search)).toEqual(filters);
    expect(toRankingsSearch(DEFAULT_RANKINGS_FILTERS)).toBe('');
  });

  it('ignores values it does not know', () => {
    expect(
      parseRankingsSearch('?kind=bands&aspect=loudness&city=Atlantis&genre=polka&period=5y'),
    ).toEqual(DEFAULT_RANKINGS_FILTERS);
  });
});
