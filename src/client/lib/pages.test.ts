import { describe, expect, it } from 'vitest';
import { pageSearch, pagesBeforeLastId } from './pages';

describe('pageSearch', () => {
  it.each([
    [20, undefined, {}, 'limit=20'],
    [20, 'r-9', {}, 'limit=20&before=r-9'],
    [20, undefined, { feed: 'following' }, 'feed=following&limit=20'],
    [5, 'r-9', { sort: 'rating' }, 'sort=rating&limit=5&before=r-9'],
  ])('limit %i before %j with %j asks ?%s', (limit, before, filters, expected) => {
    expect(pageSearch(limit, before, filters).toString()).toBe(expected);
  });
});

describe('pagesBeforeLastId', () => {
  const { initialPageParam, getNextPageParam } = pagesBeforeLastId(2);

  it('starts at the newest page', () => {
    expect(initialPageParam).toBeUndefined();
  });

  it.each([
    [[{ id: 'a' }, { id: 'b' }], 'b'],
    [[{ id: 'a' }], undefined],
    [[], undefined],
  ])('after %j asks before %j', (page, next) => {
    expect(getNextPageParam(page)).toBe(next);
  });

  it('finds the items of a page that carries more beside them', () => {
    const paging = pagesBeforeLastId(
      2,
      (page: { pending: number; requests: { id: string }[] }) => page.requests,
    );
    expect(paging.getNextPageParam({ pending: 5, requests: [{ id: 'a' }, { id: 'b' }] })).toBe('b');
    expect(paging.getNextPageParam({ pending: 1, requests: [{ id: 'a' }] })).toBeUndefined();
  });
});
