/** Every 429 says when to come back, the API's per-address limit included. */
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../testing/use-test-app.ts';

const server = useTestApp({ env: { API_RATE_LIMIT: '3' } });

describe('the API rate limit (API_RATE_LIMIT a minute per address)', () => {
  it('answers 429 in the error format with Retry-After past the limit', async () => {
    const answers = [];
    for (let i = 0; i < 4; i++) {
      // Raw inject: the limit is per address, which only inject can set.
      answers.push(await server.app.inject({ url: '/api/concerts', remoteAddress: '203.0.113.9' }));
    }
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 429]);
    const refused = answers[3]!;
    expect(refused.json()).toEqual({ message: expect.any(String) });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(60);
  });
});
