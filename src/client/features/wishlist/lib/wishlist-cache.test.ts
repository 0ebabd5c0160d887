import { describe, expect, it } from 'vitest';
import { toConcertIds, withEntry, withoutConcert, withoutEntry } from './wishlist-cache';

const entry = (concertId: string) => ({
  id: `w-${concertId}`,
  userId: 'u1',
  concertId,
  createdAt: '2026-01-01T00:00:00.000Z',
});

describe('wishlist cache updates', () => {
  it('adds a concert once', () => {
    const once = withEntry([entry('a')], 'b');
    expect(once.map((e) => e.concertId)).toEqual(['a', 'b']);
    expect(withEntry(once, 'b')).toBe(once);
    expect(withEntry(undefined, 'c').map((e) => e.concertId)).toEqual(['c']);
  });

  it('removes a concert from entries and from concert lists', () => {
    expect(withoutEntry([entry('a'), entry('b')], 'a')?.map((e) => e.concertId)).toEqual(['b']);
    expect(withoutEntry(undefined, 'a')).toBeUndefined();
    expect(withoutConcert([{ id: 'a' }, { id: 'b' }] as never, 'b')).toEqual([{ id: 'a' }]);
  });

  it('reads the saved concert ids as a set', () => {
    expect(toConcertIds([entry('a'), entry('b')])).toEqual(new Set(['a', 'b']));
  });
});
