import { describe, expect, it } from 'vitest';
import { ourCityName, TokenBucket } from './provider-kit.ts';

/** A clock the test moves by hand; sleeping moves it too. */
function manualClock() {
  let now = 1_000_000;
  const slept: number[] = [];
  return {
    clock: () => now,
    advance: (ms: number) => {
      now += ms;
    },
    sleep: async (ms: number) => {
      slept.push(ms);
      now += ms;
    },
    slept,
  };
}

describe('TokenBucket', () => {
  it('lets a burst through, then waits for the next token when the wait is short enough', async () => {
    const time = manualClock();
    const bucket = new TokenBucket(5, 5, time.clock, time.sleep);
    for (let i = 0; i < 5; i += 1) expect(await bucket.take(0)).toBe(true);
    expect(time.slept).toEqual([]);
    // No token now; the next is 200 ms away at 5/s.
    expect(await bucket.take(100)).toBe(false);
    expect(await bucket.take(250)).toBe(true);
    expect(time.slept).toEqual([200]);
  });

  it('refills with time, never above the burst', async () => {
    const time = manualClock();
    const bucket = new TokenBucket(2, 1, time.clock, time.sleep);
    expect(await bucket.take(0)).toBe(true);
    expect(await bucket.take(0)).toBe(false);
    time.advance(10_000);
    expect(await bucket.take(0)).toBe(true);
    expect(await bucket.take(0)).toBe(false);
  });

  it('queues waiting callers one token apart', async () => {
    const time = manualClock();
    const waits: number[] = [];
    const bucket = new TokenBucket(2, 1, time.clock, async (ms) => {
      waits.push(ms);
    });
    expect(await bucket.take(0)).toBe(true);
    expect(await bucket.take(1000)).toBe(true); // 500 ms
    expect(await bucket.take(1000)).toBe(true); // 1000 ms: behind the first
    expect(await bucket.take(1000)).toBe(false); // 1500 ms is too long
    expect(waits).toEqual([500, 1000]);
  });
});

describe('ourCityName', () => {
  it.each([
    ['Los Angeles', 'Los Angeles'],
    ['new york', 'New York'],
    ['  DENVER ', 'Denver'],
    ['Inglewood', 'Inglewood'],
  ])('%s → %s', (given, expected) => {
    expect(ourCityName(given)).toBe(expected);
  });
});
