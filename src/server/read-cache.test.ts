import { describe, expect, it } from 'vitest';
import { ReadCache } from './read-cache.ts';

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

function manualTime() {
  let now = 1_000;
  return { now: () => now, advance: (ms: number) => (now += ms) };
}

/** Fresh for 5 s, then stale for 5 s more. */
function staleWhileRefreshing(
  time: ReturnType<typeof manualTime>,
  onRefreshError?: (error: unknown) => void,
) {
  return new ReadCache<string>({
    ttlMs: 5_000,
    staleMs: 5_000,
    maxEntries: 10,
    now: time.now,
    onRefreshError,
  });
}

describe('ReadCache', () => {
  it('answers a stored body while fresh, then stale once while one refresh runs', async () => {
    const time = manualTime();
    const cache = staleWhileRefreshing(time);
    const source = counting(['v1', 'v2', 'v3']);
    expect(await cache.get('q', source.compute, 'lists')).toBe('v1');
    time.advance(4_999);
    expect(await cache.get('q', source.compute, 'lists')).toBe('v1');
    expect(source.calls()).toBe(1);

    time.advance(1);
    const stale = await Promise.all([1, 2].map(() => cache.get('q', source.compute, 'lists')));
    expect(stale).toEqual(['v1', 'v1']);
    await new Promise((resolve) => setImmediate(resolve));
    expect(source.calls()).toBe(2);
    expect(await cache.get('q', source.compute, 'lists')).toBe('v2');
  });

  it('keeps a value whose tags are whole for its own lifetime, until its tag is dropped', async () => {
    const time = manualTime();
    const cache = new ReadCache<string>({
      ttlMs: 5_000,
      wholeTagsTtlMs: 300_000,
      maxEntries: 10,
      now: time.now,
    });
    const whole = counting(['w1', 'w2', 'w3']);
    const plain = counting(['p1', 'p2']);
    const read = () =>
      Promise.all([
        cache.get('whole', whole.compute, 'comments', { wholeTags: true }),
        cache.get('plain', plain.compute, 'comments'),
      ]);
    expect(await read()).toEqual(['w1', 'p1']);

    time.advance(299_999);
    expect(await read()).toEqual(['w1', 'p2']);
    expect(whole.calls()).toBe(1);
    time.advance(1);
    expect(await read()).toEqual(['w2', 'p2']);

    cache.invalidate('comments');
    expect(await cache.get('whole', whole.compute, 'comments', { wholeTags: true })).toBe('w3');
  });

  it('waits for a new body once the stale one has run out too', async () => {
    const time = manualTime();
    const cache = staleWhileRefreshing(time);
    const source = counting(['v1', 'v2']);
    await cache.get('q', source.compute, 'lists');
    time.advance(10_000);
    expect(await cache.get('q', source.compute, 'lists')).toBe('v2');
  });

  it('keeps serving the stale body when a background refresh fails, and reports it', async () => {
    const time = manualTime();
    const failures: unknown[] = [];
    const cache = staleWhileRefreshing(time, (error) => failures.push(error));
    await cache.get('q', async () => 'v1', 'lists');
    time.advance(6_000);
    const failing = deferred();
    expect(await cache.get('q', () => failing.promise, 'lists')).toBe('v1');
    failing.reject(new Error('database down'));
    await new Promise((resolve) => setImmediate(resolve));
    expect(failures).toEqual([new Error('database down')]);
    expect(await cache.get('q', async () => 'unused', 'lists')).toBe('v1');
  });

  it('without a stale window, reads again as soon as the TTL runs out', async () => {
    const time = manualTime();
    const cache = new ReadCache<number>({ ttlMs: 60_000, maxEntries: 10, now: time.now });
    let reads = 0;
    const read = async () => ++reads;
    expect(await cache.get('a', read)).toBe(1);
    time.advance(59_999);
    expect(await cache.get('a', read)).toBe(1);
    time.advance(1);
    expect(await cache.get('a', read)).toBe(2);
  });

  it('keeps keys apart', async () => {
    const cache = new ReadCache<string>({ ttlMs: 5_000, maxEntries: 10 });
    await cache.get('lists:a', async () => 'list a', 'lists');
    await cache.get('lists:b', async () => 'list b', 'lists');
    await cache.get('reviews:1:a', async () => 'reviews a', 'reviews:1');
    expect(await cache.get('lists:a', async () => 'other', 'lists')).toBe('list a');
    expect(await cache.get('lists:b', async () => 'other', 'lists')).toBe('list b');
    expect(await cache.get('reviews:1:a', async () => 'other', 'reviews:1')).toBe('reviews a');
  });

  it('forgets only what carries the invalidated tag', async () => {
    const cache = new ReadCache<string>({ ttlMs: 5_000, maxEntries: 10 });
    await cache.get('reviews:1:p1', async () => 'old 1', 'reviews:1');
    await cache.get('reviews:12:p1', async () => 'old 12', 'reviews:12');
    cache.invalidate('reviews:1');
    expect(await cache.get('reviews:1:p1', async () => 'new 1', 'reviews:1')).toBe('new 1');
    // A tag that merely starts with the invalidated one keeps its entries.
    expect(await cache.get('reviews:12:p1', async () => 'new 12', 'reviews:12')).toBe('old 12');
  });

  it('drops a value by any of its tags, including tags read from the value itself', async () => {
    const cache = new ReadCache<{ body: string; authors: string[] }>({
      ttlMs: 5_000,
      maxEntries: 10,
    });
    const page = (body: string) => async () => ({ body, authors: ['ana', 'bo'] });
    const tags = (value: { authors: string[] }) => [
      'reviews:1',
      ...value.authors.map((id) => `user:${id}`),
    ];
    await cache.get('page', page('v1'), tags);
    cache.invalidate('user:carl');
    expect((await cache.get('page', page('v2'), tags)).body).toBe('v1');
    cache.invalidate('user:bo');
    expect((await cache.get('page', page('v3'), tags)).body).toBe('v3');
    cache.invalidate('reviews:1');
    expect((await cache.get('page', page('v4'), tags)).body).toBe('v4');
  });

  it('forgets everything on clear()', async () => {
    const cache = new ReadCache<string>({ ttlMs: 5_000, maxEntries: 10 });
    await cache.get('a', async () => 'old a', 'x');
    await cache.get('b', async () => 'old b', 'y');
    cache.clear();
    expect(await cache.get('a', async () => 'new a', 'x')).toBe('new a');
    expect(await cache.get('b', async () => 'new b', 'y')).toBe('new b');
  });

  it('shares one computation among concurrent misses', async () => {
    const cache = new ReadCache<string>({ ttlMs: 5_000, maxEntries: 10 });
    const pending = deferred();
    let calls = 0;
    const compute = () => {
      calls += 1;
      return pending.promise;
    };
    const answers = Promise.all([1, 2, 3].map(() => cache.get('q', compute, 'lists')));
    pending.resolve('body');
    expect(await answers).toEqual(['body', 'body', 'body']);
    expect(calls).toBe(1);
  });

  it('neither stores nor shares a computation that an invalidation overtook', async () => {
    const cache = new ReadCache<string>({ ttlMs: 5_000, maxEntries: 10 });
    const before = deferred();
    const early = cache.get('q', () => before.promise, 'lists');
    cache.invalidate('lists');
    // A request after the write must not join the read that began before it.
    const late = cache.get('q', async () => 'after the write', 'lists');
    before.resolve('before the write');
    expect(await early).toBe('before the write');
    expect(await late).toBe('after the write');
    expect(await cache.get('q', async () => 'recomputed', 'lists')).toBe('after the write');
  });

  it('does not store a failure: every waiter gets the error, the next request retries', async () => {
    const cache = new ReadCache<string>({ ttlMs: 5_000, maxEntries: 10 });
    const failing = deferred();
    const first = cache.get('q', () => failing.promise, 'lists');
    const second = cache.get('q', async () => 'unused', 'lists');
    failing.reject(new Error('database down'));
    await expect(first).rejects.toThrow('database down');
    await expect(second).rejects.toThrow('database down');
    expect(await cache.get('q', async () => 'recovered', 'lists')).toBe('recovered');
  });

  it('evicts the oldest stored body beyond maxEntries', async () => {
    const cache = new ReadCache<string>({ ttlMs: 5_000, maxEntries: 2 });
    await cache.get('a', async () => 'a1', 'lists');
    await cache.get('b', async () => 'b1', 'lists');
    await cache.get('c', async () => 'c1', 'lists');
    expect(cache.size).toBe(2);
    expect(await cache.get('a', async () => 'a2', 'lists')).toBe('a2');
    expect(await cache.get('c', async () => 'c2', 'lists')).toBe('c1');
  });

  it('keeps as many values as their weight allows, the oldest stored going first', async () => {
    const cache = new ReadCache<string>({
      ttlMs: 60_000,
      maxEntries: 100,
      maxWeight: 10,
      weigh: (body: string) => body.length,
    });
    await cache.get('a', async () => 'aaaa');
    await cache.get('b', async () => 'bbbb', 'b');
    // 4 + 4 + 6 is past 10: the oldest goes.
    await cache.get('c', async () => 'cccccc');
    expect(cache.size).toBe(2);
    const b = counting(['again']);
    expect(await cache.get('b', b.compute)).toBe('bbbb');
    expect(b.calls()).toBe(0);
    // Forgetting by tag gives its weight back: 6 + 4 fits.
    cache.invalidate('b');
    await cache.get('d', async () => 'dddd');
    const c = counting(['again']);
    expect(await cache.get('c', c.compute)).toBe('cccccc');
    expect(c.calls()).toBe(0);
    const a = counting(['again']);
    expect(await cache.get('a', a.compute)).toBe('again');
    expect(a.calls()).toBe(1);
  });

  it('computes every time when turned off', async () => {
    const cache = new ReadCache<string>({ ttlMs: 0, maxEntries: 10 });
    const source = counting(['v1', 'v2']);
    expect(cache.enabled).toBe(false);
    expect(await cache.get('q', source.compute, 'lists')).toBe('v1');
    expect(await cache.get('q', source.compute, 'lists')).toBe('v2');
    expect(cache.size).toBe(0);
  });
});
