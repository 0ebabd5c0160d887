import { describe, expect, it } from 'vitest';
import { ResponseCache } from './response-cache.ts';

function deferred() {
  let resolve!: (body: string) => void;
  let reject!: (error: Error) => void;
  const promise = new Promise<string>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

function counting(bodies: string[]) {
  let calls = 0;
  const compute = async () => bodies[Math.min(calls++, bodies.length - 1)]!;
  return { compute, calls: () => calls };
}

describe('ResponseCache', () => {
  it('answers a stored body while fresh, then stale once while one refresh runs', async () => {
    let now = 1_000;
    const cache = new ResponseCache({ ttlMs: 5_000, maxEntries: 10, now: () => now });
    const source = counting(['v1', 'v2', 'v3']);
    expect(await cache.get('lists', 'q', source.compute)).toBe('v1');
    now += 4_999;
    expect(await cache.get('lists', 'q', source.compute)).toBe('v1');
    expect(source.calls()).toBe(1);

    now += 1;
    const stale = await Promise.all([1, 2].map(() => cache.get('lists', 'q', source.compute)));
    expect(stale).toEqual(['v1', 'v1']);
    await new Promise((resolve) => setImmediate(resolve));
    expect(source.calls()).toBe(2);
    expect(await cache.get('lists', 'q', source.compute)).toBe('v2');
  });

  it('waits for a new body once the stale one has run out too', async () => {
    let now = 1_000;
    const cache = new ResponseCache({ ttlMs: 5_000, maxEntries: 10, now: () => now });
    const source = counting(['v1', 'v2']);
    await cache.get('lists', 'q', source.compute);
    now += 10_000;
    expect(await cache.get('lists', 'q', source.compute)).toBe('v2');
  });

  it('keeps serving the stale body when a background refresh fails, and reports it', async () => {
    let now = 1_000;
    const failures: unknown[] = [];
    const cache = new ResponseCache({
      ttlMs: 5_000,
      maxEntries: 10,
      now: () => now,
      onRefreshError: (error) => failures.push(error),
    });
    await cache.get('lists', 'q', async () => 'v1');
    now += 6_000;
    const failing = deferred();
    expect(await cache.get('lists', 'q', () => failing.promise)).toBe('v1');
    failing.reject(new Error('database down'));
    await new Promise((resolve) => setImmediate(resolve));
    expect(failures).toEqual([new Error('database down')]);
    expect(await cache.get('lists', 'q', async () => 'unused')).toBe('v1');
  });

  it('keeps keys and tags apart', async () => {
    const cache = new ResponseCache({ ttlMs: 5_000, maxEntries: 10 });
    await cache.get('lists', 'a', async () => 'list a');
    await cache.get('lists', 'b', async () => 'list b');
    await cache.get('reviews:1', 'a', async () => 'reviews a');
    expect(await cache.get('lists', 'a', async () => 'other')).toBe('list a');
    expect(await cache.get('lists', 'b', async () => 'other')).toBe('list b');
    expect(await cache.get('reviews:1', 'a', async () => 'other')).toBe('reviews a');
  });

  it('forgets only the invalidated tag', async () => {
    const cache = new ResponseCache({ ttlMs: 5_000, maxEntries: 10 });
    await cache.get('reviews:1', 'p1', async () => 'old 1');
    await cache.get('reviews:12', 'p1', async () => 'old 12');
    cache.invalidate('reviews:1');
    expect(await cache.get('reviews:1', 'p1', async () => 'new 1')).toBe('new 1');
    // A tag that merely starts with the invalidated one keeps its entries.
    expect(await cache.get('reviews:12', 'p1', async () => 'new 12')).toBe('old 12');
  });

  it('shares one computation among concurrent misses', async () => {
    const cache = new ResponseCache({ ttlMs: 5_000, maxEntries: 10 });
    const pending = deferred();
    let calls = 0;
    const compute = () => {
      calls += 1;
      return pending.promise;
    };
    const answers = Promise.all([1, 2, 3].map(() => cache.get('lists', 'q', compute)));
    pending.resolve('body');
    expect(await answers).toEqual(['body', 'body', 'body']);
    expect(calls).toBe(1);
  });

  it('neither stores nor shares a computation that an invalidation overtook', async () => {
    const cache = new ResponseCache({ ttlMs: 5_000, maxEntries: 10 });
    const before = deferred();
    const early = cache.get('lists', 'q', () => before.promise);
    cache.invalidate('lists');
    // A request after the write must not join the read that began before it.
    const late = cache.get('lists', 'q', async () => 'after the write');
    before.resolve('before the write');
    expect(await early).toBe('before the write');
    expect(await late).toBe('after the write');
    expect(await cache.get('lists', 'q', async () => 'recomputed')).toBe('after the write');
  });

  it('does not store a failure: every waiter gets the error, the next request retries', async () => {
    const cache = new ResponseCache({ ttlMs: 5_000, maxEntries: 10 });
    const failing = deferred();
    const first = cache.get('lists', 'q', () => failing.promise);
    const second = cache.get('lists', 'q', async () => 'unused');
    failing.reject(new Error('database down'));
    await expect(first).rejects.toThrow('database down');
    await expect(second).rejects.toThrow('database down');
    expect(await cache.get('lists', 'q', async () => 'recovered')).toBe('recovered');
  });

  it('evicts the oldest stored body beyond maxEntries', async () => {
    const cache = new ResponseCache({ ttlMs: 5_000, maxEntries: 2 });
    await cache.get('lists', 'a', async () => 'a1');
    await cache.get('lists', 'b', async () => 'b1');
    await cache.get('lists', 'c', async () => 'c1');
    expect(cache.size).toBe(2);
    expect(await cache.get('lists', 'a', async () => 'a2')).toBe('a2');
    expect(await cache.get('lists', 'c', async () => 'c2')).toBe('c1');
  });

  it('computes every time when turned off', async () => {
    const cache = new ResponseCache({ ttlMs: 0, maxEntries: 10 });
    const source = counting(['v1', 'v2']);
    expect(cache.enabled).toBe(false);
    expect(await cache.get('lists', 'q', source.compute)).toBe('v1');
    expect(await cache.get('lists', 'q', source.compute)).toBe('v2');
    expect(cache.size).toBe(0);
  });
});
