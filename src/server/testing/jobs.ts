/**
 * Waiting for the job queue in tests: a test never sleeps a fixed time, it waits for the
 * outcome (vi.waitFor), or for the queue to have nothing left to do.
 */
import { sql } from 'drizzle-orm';
import { expect, vi } from 'vitest';
import { executeRows, type Database } from '../db/index.ts';

/** Jobs not yet finished (queued, running or waiting for a retry), by kind. */
export async function unfinishedJobs(db: Database): Promise<Record<string, number>> {
  const rows = await executeRows<{ name: string; count: number }>(
    db,
    sql`SELECT name, count(*)::int AS count FROM pgboss.job
         WHERE state IN ('created', 'retry', 'active') GROUP BY name`,
  );
  return Object.fromEntries(rows.map((row) => [row.name, row.count]));
}

/** Resolves once every job queued so far has finished (or died). */
export async function jobsSettled(db: Database, timeout = 10_000): Promise<void> {
  await vi.waitFor(async () => expect(await unfinishedJobs(db)).toEqual({}), {
    timeout,
    interval: 20,
  });
}

/** What the jobs of this kind that wait to start (not yet taken by a worker) carry. */
export async function waitingJobs(db: Database, kind: string): Promise<Record<string, unknown>[]> {
  const rows = await executeRows<{ data: Record<string, unknown> }>(
    db,
    sql`SELECT data FROM pgboss.job WHERE name = ${kind} AND state = 'created'`,
  );
  return rows.map((row) => row.data);
}
