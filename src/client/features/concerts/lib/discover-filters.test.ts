import { addDays, format } from 'date-fns';
import { describe, expect, it } from 'vitest';
import {
  changedFilterCount,
  concertsPageUrl,
  concertsQuery,
  dateRangeLabel,
  dayClickRange,
  DEFAULT_FILTERS,
  DEFAULT_PRICE_RANGE,
  matchesPriceRange,
  parseDiscoverSearch,
  priceRangeLabel,
  toDiscoverSearch,
  type DiscoverFilters,
} from './discover-filters';

describe('parseDiscoverSearch', () => {
  it('reads every filter', () => {
    expect(
      parseDiscoverSearch(
        '?search=Blue+Note&genre=jazz&city=new-york&startDate=2026-06-01&endDate=2026-06-30&view=list',
      ),
    ).toEqual({
      search: 'Blue Note',
      genre: 'jazz',
      city: 'new-york',
      startDate: '2026-06-01',
      endDate: '2026-06-30',
      view: 'list',
    });
  });

  it('gives the defaults for an empty query', () => {
    expect(parseDiscoverSearch('')).toEqual(DEFAULT_FILTERS);
  });

  it('ignores unknown genres and cities, malformed dates and views', () => {
    expect(
      parseDiscoverSearch('genre=polka&city=paris&startDate=2026-02-30&endDate=tomorrow&view=map'),
    ).toEqual(DEFAULT_FILTERS);
  });

  it('accepts slugs in any case', () => {
    expect(parseDiscoverSearch('genre=Hip-Hop&city=LOS-ANGELES')).toMatchObject({
      genre: 'hip-hop',
      city: 'los-angeles',
    });
  });

  it('drops an end date before the start date', () => {
    expect(parseDiscoverSearch('startDate=2026-06-10&endDate=2026-06-01')).toMatchObject({
      startDate: '2026-06-10',
      endDate: '',
    });
  });
});

describe('toDiscoverSearch', () => {
  it('writes nothing for the defaults', () => {
    expect(toDiscoverSearch(DEFAULT_FILTERS)).toBe('');
  });

  it('round-trips through parseDiscoverSearch', () => {
    const filters: DiscoverFilters = {
      search: 'the & band ',
      genre: 'indie',
      city: 'austin',
      startDate: '2026-03-01',
      endDate: '2026-04-15',
      view: 'list',
    };
    expect(parseDiscoverSearch(toDiscoverSearch(filters))).toEqual(filters);
  });

  it('leaves out a blank search', () => {
    expect(toDiscoverSearch({ ...DEFAULT_FILTERS, search: '   ' })).toBe('');
  });
});

describe('concertsQuery', () => {
  it('always includes Ticketmaster and starts today by default', () => {
    expect(concertsQuery(DEFAULT_FILTERS, '2026-05-02')).toBe(
      'includeTicketmaster=true&startDate=2026-05-02',
    );
  });

  it('sends the trimmed search, genre and city slugs and both dates', () => {
    expect(
      concertsQuery(
        {
          search: '  Blue Note ',
          genre: 'hip-hop',
          city: 'los-angeles',
          startDate: '2026-06-01',
          endDate: '2026-06-30',
          view: 'list',
        },
        '2026-05-02',
      ),
    ).toBe(
      'includeTicketmaster=true&search=Blue+Note&genre=hip-hop&city=los-angeles&startDate=2026-06-01&endDate=2026-06-30',
    );
  });

  it('asks first, with no filters in the address, for the URL the server preloads', () => {
    // src/server/plugins/page-preloads.ts writes this URL into the HTML of /discover.
    expect(concertsPageUrl(concertsQuery(parseDiscoverSearch(''), '2026-05-02'), 0)).toBe(
      '/api/concerts?includeTicketmaster=true&startDate=2026-05-02&limit=24&offset=0',
    );
  });

  it('pages with limit 24 and an offset', () => {
    expect(concertsPageUrl('includeTicketmaster=true', 48)).toBe(
      '/api/concerts?includeTicketmaster=true&limit=24&offset=48',
    );
  });
});

describe('matchesPriceRange', () => {
  it.each([
    ['$25', [0, 200], true],
    ['$25', [30, 200], false],
    ['$35 - $120', [30, 40], true],
    ['$35 - $120', [0, 30], false],
    ['$250', [0, 200], true],
    ['$250', [0, 195], false],
    [null, [50, 60], true],
    ['TBA', [50, 60], true],
  ] as const)('%s in %j: %s', (price, range, expected) => {
    expect(matchesPriceRange(price, range)).toBe(expected);
  });
});

describe('labels', () => {
  it('names the price range, open-ended at the top', () => {
    expect(priceRangeLabel(DEFAULT_PRICE_RANGE)).toBe('$0 - $200+');
    expect(priceRangeLabel([20, 85])).toBe('$20 - $85');
  });

  it('formats the date range as MMM d - MMM d, yyyy', () => {
    expect(dateRangeLabel(new Date(2026, 11, 6), new Date(2026, 11, 20))).toBe(
      'Dec 6 - Dec 20, 2026',
    );
    expect(dateRangeLabel(new Date(2026, 11, 6), new Date(2027, 0, 3))).toBe(
      'Dec 6, 2026 - Jan 3, 2027',
    );
    expect(dateRangeLabel(new Date(2026, 11, 6), undefined)).toBe('From Dec 6, 2026');
    expect(dateRangeLabel(new Date(2026, 11, 6), new Date(2026, 11, 6))).toBe('Dec 6, 2026');
    expect(dateRangeLabel(undefined, undefined)).toBe('Pick a date range');
  });

  it("writes what date-fns' 'MMM d - MMM d, yyyy' writes, every day of a year", () => {
    for (let offset = 0; offset < 366; offset += 1) {
      const from = addDays(new Date(2026, 0, 1), offset);
      const to = addDays(from, 9);
      if (from.getFullYear() !== to.getFullYear()) continue;
      expect(dateRangeLabel(from, to)).toBe(
        `${format(from, 'MMM d')} - ${format(to, 'MMM d, yyyy')}`,
      );
    }
  });
});

describe('dayClickRange', () => {
  it.each([
    // From the default (today on) or a range, a click picks that day alone.
    [
      { startDate: '', endDate: '' },
      '2026-12-06',
      { startDate: '2026-12-06', endDate: '2026-12-06' },
    ],
    [
      { startDate: '2026-12-01', endDate: '2026-12-20' },
      '2026-12-10',
      { startDate: '2026-12-10', endDate: '2026-12-10' },
    ],
    [
      { startDate: '2026-12-01', endDate: '' },
      '2026-12-10',
      { startDate: '2026-12-10', endDate: '2026-12-10' },
    ],
    // With one day chosen, another click makes the range between the two, in either order.
    [
      { startDate: '2026-12-06', endDate: '2026-12-06' },
      '2026-12-20',
      { startDate: '2026-12-06', endDate: '2026-12-20' },
    ],
    [
      { startDate: '2026-12-06', endDate: '2026-12-06' },
      '2026-12-02',
      { startDate: '2026-12-02', endDate: '2026-12-06' },
    ],
    [
      { startDate: '2026-12-06', endDate: '2026-12-06' },
      '2026-12-06',
      { startDate: '2026-12-06', endDate: '2026-12-06' },
    ],
  ])('%o, clicking %s → %o', (current, day, expected) => {
    expect(dayClickRange(current, day)).toEqual(expected);
  });
});

describe('changedFilterCount', () => {
  it('is 0 for the defaults, even in list view or with a blank search', () => {
    expect(
      changedFilterCount({ ...DEFAULT_FILTERS, view: 'list', search: '  ' }, DEFAULT_PRICE_RANGE),
    ).toBe(0);
  });

  it.each<[string, Partial<DiscoverFilters>, readonly [number, number], number]>([
    ['a genre', { genre: 'pop' }, DEFAULT_PRICE_RANGE, 1],
    ['a narrowed price range', {}, [0, 100], 1],
    [
      'both ends of the dates, as one',
      { startDate: '2026-06-01', endDate: '2026-06-30' },
      DEFAULT_PRICE_RANGE,
      1,
    ],
    ['only an end date', { endDate: '2026-06-30' }, DEFAULT_PRICE_RANGE, 1],
    [
      'every filter',
      { search: 'jazz', genre: 'jazz', city: 'new-york', startDate: '2026-06-01' },
      [20, 200],
      5,
    ],
  ])('counts %s', (_, patch, priceRange, expected) => {
    expect(changedFilterCount({ ...DEFAULT_FILTERS, ...patch }, priceRange)).toBe(expected);
  });
});
