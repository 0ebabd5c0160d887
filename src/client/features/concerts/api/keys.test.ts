import { describe, expect, it } from 'vitest';
import { concertKeys } from './keys';

const startsWith = (key: readonly unknown[], prefix: readonly unknown[]) =>
  prefix.every((part, index) => key[index] === part);

describe('concertKeys', () => {
  it('never lets a concert and a list of concerts share a key', () => {
    // An id and a filter can be the same text; their keys still differ.
    expect(concertKeys.detail('jazz')).not.toEqual(concertKeys.list({ search: 'jazz' }));
    expect(startsWith(concertKeys.detail('x'), concertKeys.lists())).toBe(false);
    expect(startsWith(concertKeys.list({ search: 'x' }), concertKeys.details())).toBe(false);
  });

  it('puts every list under lists() and everything under all', () => {
    expect(startsWith(concertKeys.list({ genre: 'rock' }), concertKeys.lists())).toBe(true);
    expect(startsWith(concertKeys.detail('1'), concertKeys.all)).toBe(true);
  });
});
