import { describe, expect, it } from 'vitest';
import { concertPath, isActivePath } from './paths';

describe('isActivePath', () => {
  it.each([
    ['/discover', '/discover', true],
    ['/profile/ada', '/profile', true],
    ['/profiles', '/profile', false],
    ['/timeline', '/discover', false],
    ['/discover', '/', false],
    ['/', '/', true],
  ])('%s under %s → %s', (location, href, expected) => {
    expect(isActivePath(location, href)).toBe(expected);
  });
});

describe('concertPath', () => {
  it('escapes ids so they stay one path segment', () => {
    expect(concertPath('tm_G5v/ZpE')).toBe('/concerts/tm_G5v%2FZpE');
  });
});
