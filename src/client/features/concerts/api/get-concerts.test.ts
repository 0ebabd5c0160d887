import { describe, expect, it } from 'vitest';
import type { ConcertListItem } from '#shared/schemas/concerts';
import { nextConcertsOffset } from './get-concerts';

const page = (size: number) => ({
  concerts: Array.from({ length: size }, () => ({}) as ConcertListItem),
  ticketmasterLeftOut: false,
  total: null,
});

describe('nextConcertsOffset', () => {
  it.each([
    [[page(24)], 24],
    [[page(24), page(24)], 48],
    [[page(24), page(7)], undefined],
    [[page(0)], undefined],
    [[], undefined],
  ])('%# → %s', (pages, expected) => {
    expect(nextConcertsOffset(pages)).toBe(expected);
  });
});
