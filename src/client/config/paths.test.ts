import { describe, expect, it } from 'vitest';
import { concertPath, isActivePath, pathTo, paths, userFollowersPath } from './paths';

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

describe('pathTo', () => {
  it('fills every parameter of a pattern', () => {
    expect(pathTo(paths.userFollowing, { username: 'ada b' })).toBe('/users/ada%20b/following');
    expect(userFollowersPath('ada')).toBe('/users/ada/followers');
  });
});
