import { describe, expect, it } from 'vitest';
import { isCrossOrigin } from './same-origin.ts';

const SELF = 'http://localhost:3000';

describe('isCrossOrigin', () => {
  it.each([
    ['same origin', { origin: SELF }, false],
    ['another origin', { origin: 'http://evil.example' }, true],
    ['another port', { origin: 'http://localhost:4000' }, true],
    [
      'null origin from a same-origin form',
      { origin: 'null', 'sec-fetch-site': 'same-origin' },
      false,
    ],
    ['null origin from another site', { origin: 'null', 'sec-fetch-site': 'cross-site' }, true],
    ['null origin and nothing else', { origin: 'null' }, true],
    ['no origin, cross-site fetch', { 'sec-fetch-site': 'cross-site' }, true],
    ['no origin, same-site subdomain', { 'sec-fetch-site': 'same-site' }, true],
    ['no browser headers at all (server to server)', {}, false],
    ['a link typed or bookmarked', { 'sec-fetch-site': 'none' }, false],
    ['an older browser following a link here', { referer: `${SELF}/discover` }, false],
    ['an older browser following a link elsewhere', { referer: 'http://evil.example/' }, true],
    ['an unreadable referer', { referer: 'not a url' }, true],
  ])('%s', (_case, headers, expected) => {
    expect(isCrossOrigin(headers, SELF)).toBe(expected);
  });
});
