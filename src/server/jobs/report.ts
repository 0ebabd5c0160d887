/**
 * What `npm run jobs` shows: for each kind of job, how many are queued, running, failed
 * and waiting to be retried, and dead (failed past their retries), each with the age of
 * the oldest; then the failed and dead jobs themselves with their last error.
 */
import { sql } from 'drizzle-orm';
import { executeRows, type Database } from '../db/index.ts';
import { JOB_KINDS } from './kinds.ts';

const STATES = { created: 'queued', active: 'running', retry: 'retrying', failed: 'dead' } as const;
type ShownState = (typeof STATES)[keyof typeof STATES];

export interface KindSummary {
  kind: string;
  counts: Record<ShownState, number>;
  /** Seconds since the oldest job in each state was queued. */
  oldestSeconds: Partial<Record<ShownState, number>>;
}

export interface FailedJob {
  id: string;
  kind: string;
  state: 'retrying' | 'dead';
  tries: number;
  ageSeconds: number;
  error: string;
}

export interface JobReport {
  kinds: KindSummary[];
  failed: FailedJob[];
}

export async function jobReport(db: Database, failedShown = 20): Promise<JobReport> {
  const counts = await executeRows<{ name: string; state: string; count: number; oldest: number }>(
    db,
    sql`SELECT name, state::text AS state, count(*)::int AS count,
               extract(epoch FROM now() - min(created_on))::float8 AS oldest
          FROM pgboss.job WHERE state IN ('created', 'active', 'retry', 'failed')
         GROUP BY name, state`,
  );
  const kinds = JOB_KINDS.map((kind): KindSummary => {
    const summary: KindSummary = {
      kind,
      counts: { queued: 0, running: 0, retrying: 0, dead: 0 },
      oldestSeconds: {},
    };
    for (const row of counts.filter((r) => r.name === kind)) {
      const shown = STATES[row.state as keyof typeof STATES];
      summary.counts[shown] = row.count;
      summary.oldestSeconds[shown] = Math.round(row.oldest);
    }
    return summary;
  });
  const failed = await executeRows<{
    id: string;
    name: string;
    state: string;
    tries: number;
    age: number;
    error: string | null;
  }>(
    db,
    sql`SELECT id, name, state::text AS state, retry_count + 1 AS tries,
               extract(epoch FROM now() - created_on)::float8 AS age,
               coalesce(output->>'message', output->'value'->>'message', output::text) AS error
          FROM pgboss.job WHERE state IN ('retry', 'failed')
         ORDER BY created_on DESC LIMIT ${failedShown}`,
  );
  return {
    kinds,
    failed: failed.map((row) => ({
      id: row.id,
      kind: row.name,
      state: row.state === 'failed' ? 'dead' : 'retrying',
      tries: row.tries,
      ageSeconds: Math.round(row.age),
      error: row.error ?? '',
    })),
  };
}

/** A duration as people read it: 42s, 5m, 3h, 2d. */
export function age(seconds: number | undefined): string {
  if (seconds === undefined) return '-';
  if (seconds < 60) return `${seconds}s`;
  if (seconds < 3600) return `${Math.floor(seconds / 60)}m`;
  if (seconds < 86_400) return `${Math.floor(seconds / 3600)}h`;
  return `${Math.floor(seconds / 86_400)}d`;
}

export function formatJobReport(report: JobReport): string {
  const header = ['kind', 'queued', 'running', 'retrying', 'dead', 'oldest queued', 'oldest dead'];
  const rows = report.kinds.map((k) => [
    k.kind,
    String(k.counts.queued),
    String(k.counts.running),
    String(k.counts.retrying),
    String(k.counts.dead),
    age(k.oldestSeconds.queued),
    age(k.oldestSeconds.dead),
  ]);
  const widths = header.map((title, i) => Math.max(title.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) =>
    cells
      .map((cell, i) => (i === 0 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!)))
      .join('  ');
  const lines = [line(header), ...rows.map(line)];
  if (report.failed.length > 0) {
    lines.push('', 'Failed jobs, newest first:');
    for (const job of report.failed) {
      lines.push(
        `  ${job.id}  ${job.kind}  ${job.state} after ${job.tries} ${job.tries === 1 ? 'try' : 'tries'}, queued ${age(job.ageSeconds)} ago: ${job.error.slice(0, 200)}`,
      );
    }
  }
  return lines.join('\n');
}
