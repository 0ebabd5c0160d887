/**
 * A read answered from the response cache still passes everything around it: it counts
 * toward the address's API limit (which asks the database only now and then) and carries
 * the security headers, the request id and its cache headers.
 */
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../testing/use-test-app.ts';

const server = useTestApp({ env: { API_RATE_LIMIT: '3', RESPONSE_CACHE_SECONDS: '5' } });

describe('a cached read', () => {
  it('counts toward the API limit and keeps its headers', async () => {
    const answers = [];
    for (let i = 0; i < 4; i++) {
      // Raw inject: the limit is per address, which only inject can set.
      answers.push(
        await server.app.inject({ url: '/api/concerts', remoteAddress: '203.0.113.77' }),
      );
    }
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 429]);
    const [first, cached] = answers;
    expect(cached!.body).toBe(first!.body);
    expect(cached!.headers).toMatchObject({
      etag: first!.headers.etag,
      'cache-control': 'public, max-age=5',
      vary: 'cookie',
      'x-request-id': expect.any(String),
      'content-security-policy': expect.any(String),
      'x-content-type-options': 'nosniff',
      'x-ratelimit-limit': '3',
      'x-ratelimit-remaining': '1',
    });
    // Another address has a limit of its own, and the cached answer too.
    const other = await server.app.inject({ url: '/api/concerts', remoteAddress: '203.0.113.78' });
    expect(other.statusCode).toBe(200);
    expect(other.body).toBe(first!.body);
  });

  it('answers 304 to the ETag it sent, counted too', async () => {
    const address = '203.0.113.79';
    const first = await server.app.inject({ url: '/api/concerts', remoteAddress: address });
    const again = await server.app.inject({
      url: '/api/concerts',
      remoteAddress: address,
      headers: { 'if-none-match': first.headers.etag as string },
    });
    expect(again.statusCode).toBe(304);
    expect(again.headers['x-ratelimit-remaining']).toBe('1');
  });
});
