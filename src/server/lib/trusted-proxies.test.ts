import { compile } from '@fastify/proxy-addr';
import { describe, expect, it } from 'vitest';
import { trustedProxies } from './trusted-proxies.ts';

const ADDRESSES = [
  '127.0.0.1',
  '::1',
  '::ffff:127.0.0.1',
  '10.1.2.3',
  '10.2.0.1',
  '6.6.6.6',
  'not an address',
  '',
];

describe('trustedProxies', () => {
  it.each(['loopback', '10.1.0.0/16', 'loopback, 10.2.0.1', '10.1.2.3,6.6.6.6'])(
    'answers as Fastify’s own test of %j, asked again and again',
    (list) => {
      const ours = trustedProxies(list);
      const fastifys = compile(list.split(',').map((entry) => entry.trim()));
      for (const round of [1, 2]) {
        const answers = ADDRESSES.map((address, hop) => [address, ours(address, hop)]);
        const expected = ADDRESSES.map((address, hop) => [address, fastifys(address, hop)]);
        expect(answers, `round ${round}`).toEqual(expected);
      }
    },
  );

  it('trusts loopback and nothing else for "loopback"', () => {
    const trusts = trustedProxies('loopback');
    expect(trusts('127.0.0.1', 0)).toBe(true);
    expect(trusts('203.0.113.7', 1)).toBe(false);
  });
});
