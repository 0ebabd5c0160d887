/**
 * Limits (sign-in, sign-up, password resets, uploads) that hold across requests and instances:
 * one statement counts an attempt under every rule that applies and returns the counts,
 * and the attempt goes ahead only if every count is within its rule's limit. Counting
 * first means parallel attempts cannot all pass a check made before any of them counted.
 *
 * A rule allows `limit` attempts per window. A key that overflowed its window gets a
 * window twice as long the next time (up to `maxWindowMs`): whoever keeps guessing slows
 * themselves down further, while a key that stays under its limit starts afresh.
 *
 * Each request reads the clock before its statement runs, so a request that read it a
 * moment before a concurrent one opened the window would see a wait longer than any
 * window: the wait is capped at `maxWindowMs`.
 */
import { inArray, lt, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../db/index.ts';
import { executeRows } from '../db/index.ts';
import { authThrottles } from '../db/schema.ts';
import { tooManyRequests } from '../http-error.ts';

const HOUR_MS = 60 * 60 * 1000;

export interface ThrottleRule {
  key: string;
  limit: number;
  windowMs: number;
  maxWindowMs: number;
  /** What this attempt counts for (1 unless said, e.g. kilobytes of an upload). */
  cost?: number;
}

export interface ThrottleDecision {
  allowed: boolean;
  /** When refused: how long until every refusing rule allows again. */
  retryAfterMs: number;
}

interface CountedRow {
  key: string;
  attempts: number;
  retry_ms: number;
}

function countAttempt(rule: ThrottleRule, now: string): SQL {
  const at = sql`${now}::timestamptz`;
  const overflowed = sql`t.attempts > ${rule.limit}`;
  const ended = sql`t.window_ends_at <= ${at}`;
  const nextStrikes = sql`(CASE WHEN ${overflowed} THEN t.strikes + 1 ELSE 0 END)`;
  const cost = sql`${rule.cost ?? 1}::int`;
  return sql`INSERT INTO ${authThrottles} AS t (key, attempts, window_ends_at, strikes)
    VALUES (${rule.key}, ${cost}, ${at} + ${rule.windowMs} * interval '1 millisecond', 0)
    ON CONFLICT (key) DO UPDATE SET
      attempts = CASE WHEN ${ended} THEN ${cost} ELSE t.attempts + ${cost} END,
      strikes = CASE WHEN ${ended} THEN ${nextStrikes} ELSE t.strikes END,
      window_ends_at = CASE WHEN ${ended}
        THEN ${at} + least(${rule.windowMs} * power(2, ${nextStrikes}), ${rule.maxWindowMs}) * interval '1 millisecond'
        ELSE t.window_ends_at END
    RETURNING key, attempts,
      least(${rule.maxWindowMs}, greatest(0, extract(epoch FROM (window_ends_at - ${at})) * 1000))::float8 AS retry_ms`;
}

export function createThrottle(db: Database, now: () => Date = () => new Date()) {
  return {
    async attempt(rules: ThrottleRule[]): Promise<ThrottleDecision> {
      if (rules.length === 0) return { allowed: true, retryAfterMs: 0 };
      const at = now().toISOString();
      const steps = rules.map(
        (rule, index) => sql`${sql.raw(`r${index}`)} AS (${countAttempt(rule, at)})`,
      );
      const union = sql.join(
        rules.map((_, index) => sql.raw(`SELECT key, attempts, retry_ms FROM r${index}`)),
        sql` UNION ALL `,
      );
      const counted = await executeRows<CountedRow>(
        db,
        sql`WITH ${sql.join(steps, sql`, `)} ${union}`,
      );
      let allowed = true;
      let retryAfterMs = 0;
      for (const rule of rules) {
        const row = counted.find((r) => r.key === rule.key);
        if (row && Number(row.attempts) > rule.limit) {
          allowed = false;
          retryAfterMs = Math.max(retryAfterMs, Math.ceil(Number(row.retry_ms)), 1000);
        }
      }
      return { allowed, retryAfterMs };
    },

    /** Forgets keys: the attempt they counted turned out fine (a correct password). */
    async forget(keys: string[]): Promise<void> {
      if (keys.length > 0) await db.delete(authThrottles).where(inArray(authThrottles.key, keys));
    },

    /** Takes back one counted attempt of each key. */
    async refund(keys: string[]): Promise<void> {
      if (keys.length === 0) return;
      await db
        .update(authThrottles)
        .set({ attempts: sql`greatest(${authThrottles.attempts} - 1, 0)` })
        .where(inArray(authThrottles.key, keys));
    },

    /** Drops rows whose window ended a day ago: they would start afresh anyway. */
    async sweep(): Promise<void> {
      const dayAgo = new Date(now().getTime() - 24 * 60 * 60 * 1000);
      await db.delete(authThrottles).where(lt(authThrottles.windowEndsAt, dayAgo));
    },
  };
}

export type Throttle = ReturnType<typeof createThrottle>;

/** `limit` attempts an hour; the window stays an hour however often it is overrun. */
export function hourlyRule(key: string, limit: number): ThrottleRule {
  return { key, limit, windowMs: HOUR_MS, maxWindowMs: HOUR_MS };
}

/** Counts an attempt under every rule, or refuses it with 429 "Too many {what}; try again in …". */
export async function countOrRefuse(
  db: Database,
  what: string,
  rules: ThrottleRule[],
): Promise<void> {
  const decision = await createThrottle(db).attempt(rules);
  if (!decision.allowed) throw tooManyRequests(what, decision.retryAfterMs);
}
