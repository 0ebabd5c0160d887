/**
 * The per-address request limits hold in total across instances: each instance counts in
 * the database it shares with the others (PostgreSQL; on the embedded database, which one
 * process opens, an instance counts alone).
 */
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { executeRows } from '../db/index.ts';
import { buildTestApp } from '../testing/test-app.ts';
import { testDatabaseKind, useTestDatabase } from '../testing/test-database.ts';
import {
  blockSizeFor,
  reachedByOtherProcesses,
  sharedRateLimitStore,
} from './shared-rate-limit.ts';

const { db } = useTestDatabase();

/** Counts in one store as the app does: the request's place in its window, and its wait. */
function counter(now: () => number, shared = true) {
  const Store = sharedRateLimitStore(db(), { now, shared });
  const store = new Store({});
  return (key: string, max: number, timeWindow = 60_000) =>
    new Promise<{ current: number; ttl: number }>((resolve, reject) =>
      store.incr(
        key,
        (error, result) => (error ? reject(error) : resolve(result!)),
        timeWindow,
        max,
      ),
    );
}

describe('the shared request counter', () => {
  it('admits exactly the limit over three instances when the limit is small', async () => {
    const at = () => 1_000 * 60_000 + 5_000;
    const instances = [counter(at), counter(at), counter(at)];
    const answers = await Promise.all(
      Array.from({ length: 90 }, (_, i) => instances[i % 3]!('exact:203.0.113.1', 30)),
    );
    expect(answers.filter((a) => a.current <= 30)).toHaveLength(30);
    expect(answers.every((a) => a.ttl === 55_000)).toBe(true);
  });

  it('admits no more than a large limit, and at least 90 % of it, over three instances', async () => {
    const at = () => 2_000 * 60_000;
    const max = 1200;
    const instances = [counter(at), counter(at), counter(at)];
    let admitted = 0;
    // Waves, as traffic comes: each instance reserves a block and uses it up.
    for (let wave = 0; wave < 20; wave++) {
      const answers = await Promise.all(
        Array.from({ length: 90 }, (_, i) => instances[i % 3]!('large:203.0.113.2', max)),
      );
      admitted += answers.filter((a) => a.current <= max).length;
    }
    expect(blockSizeFor(max)).toBeGreaterThan(1);
    expect(admitted).toBeLessThanOrEqual(max);
    expect(admitted).toBeGreaterThanOrEqual(max * 0.9);
  });

  it('counts many addresses asking at once, and one row asked for twice in one statement', async () => {
    const at = () => 6_000 * 60_000;
    const Store = sharedRateLimitStore(db(), { now: at, shared: true });
    const store = new Store({});
    // A route with limits of its own counts in a child store: the same key, another lease.
    const child = store.child({} as Parameters<typeof store.child>[0]);
    const ask = (which: typeof store, key: string) =>
      new Promise<number>((resolve, reject) =>
        which.incr(key, (e, r) => (e ? reject(e) : resolve(r!.current)), 60_000, 3),
      );
    const keys = Array.from({ length: 40 }, (_, i) => `batch:198.51.100.${i}`);
    const answers = await Promise.all(
      keys.flatMap((key) => [1, 2, 3].flatMap(() => [ask(store, key), ask(child, key)])),
    );
    const admittedPerKey = keys.map(
      (_, k) => answers.slice(k * 6, k * 6 + 6).filter((current) => current <= 3).length,
    );
    expect(admittedPerKey).toEqual(keys.map(() => 3));
    const rows = await executeRows<{ hits: number }>(
      db(),
      sql`SELECT hits FROM rate_limit_counters WHERE key LIKE 'batch:%'`,
    );
    expect(rows).toHaveLength(40);
  });

  it('starts afresh in the next window', async () => {
    let at = 3_000 * 60_000;
    const count = counter(() => at);
    for (let i = 0; i < 3; i++) await count('window:203.0.113.3', 2);
    expect((await count('window:203.0.113.3', 2)).current).toBeGreaterThan(2);
    at += 60_000;
    expect((await count('window:203.0.113.3', 2)).current).toBeLessThanOrEqual(2);
  });
});

describe('counting alone (the embedded database, which one process opens)', () => {
  it('is the default on the embedded database only', () => {
    expect(reachedByOtherProcesses(db())).toBe(testDatabaseKind() === 'postgres');
  });

  it('admits exactly the limit, answered at once, and never writes a count', async () => {
    const at = () => 4_000 * 60_000 + 1_000;
    const count = counter(at, false);
    const answers = [];
    for (let i = 0; i < 30; i++) answers.push(await count('alone:203.0.113.4', 25));
    expect(answers.filter((a) => a.current <= 25)).toHaveLength(25);
    expect(answers.every((a) => a.ttl === 59_000)).toBe(true);
    const rows = await executeRows<{ n: number }>(
      db(),
      sql`SELECT count(*)::int AS n FROM rate_limit_counters WHERE key LIKE 'alone:%'`,
    );
    expect(rows).toEqual([{ n: 0 }]);
  });

  it('answers within what it holds without waiting for a promise', () => {
    const Store = sharedRateLimitStore(db(), { now: () => 5_000 * 60_000, shared: false });
    const store = new Store({});
    let answered: number | undefined;
    store.incr('sync:203.0.113.5', (_error, result) => (answered = result?.current), 60_000, 10);
    expect(answered).toBe(1);
  });
});

describe.runIf(testDatabaseKind() === 'postgres')(
  'the API rate limit over three instances on one database',
  () => {
    const apps: FastifyInstance[] = [];
    beforeAll(async () => {
      // Each ready before the next starts: the embedded database takes one transaction at a time.
      for (let i = 0; i < 3; i++) {
        const app = await buildTestApp(db(), { env: { API_RATE_LIMIT: '20' } });
        await app.ready();
        apps.push(app);
      }
    });
    afterAll(() => Promise.all(apps.map((app) => app.close())));

    it('answers 429 past the limit in total, not per instance', async () => {
      // The limit's window is the clock's minute: begin well inside one.
      const intoMinute = Date.now() % 60_000;
      if (intoMinute > 45_000) await new Promise((r) => setTimeout(r, 60_500 - intoMinute));
      const answers = await Promise.all(
        Array.from({ length: 45 }, (_, i) =>
          // Raw inject: the limit is per address, which only inject can set.
          apps[i % 3]!.inject({ url: '/api/concerts?limit=1', remoteAddress: '198.51.100.7' }),
        ),
      );
      const statuses = answers.map((a) => a.statusCode);
      expect(statuses.filter((s) => s === 200)).toHaveLength(20);
      expect(statuses.filter((s) => s === 429)).toHaveLength(25);
    });
  },
);
