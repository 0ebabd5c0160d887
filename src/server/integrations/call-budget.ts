/**
 * How many calls a provider's key may make, shared by every instance through the database,
 * and how many of them one address may cause. A key's daily quota is the provider's; ours
 * is split in two shares so that neither side can spend the other's:
 *
 * - **visitors**: lists, lookups by id and a person's own show refresh; at most
 *   `callsPerDay - reservedForRefresh` a UTC day, and at most `visitorCallsPerHour` in any
 *   clock hour, so one burst cannot spend the day;
 * - **refresh**: the scheduled look-up of followed artists' shows, which keeps
 *   `reservedForRefresh` calls a day whatever visitors do.
 *
 * Each period's count is one row of the throttle table (`auth_throttles`, keyed by provider
 * and period, not by address), raised by one statement only while it is under its limit,
 * so parallel requests and instances cannot spend more than the limit between them. A
 * refusal is remembered here until its period ends: while a share is spent, asking costs
 * no statement.
 */
import { sql } from 'drizzle-orm';
import { executeRows, type Database } from '../db/index.ts';
import { authThrottles } from '../db/schema.ts';
import { createThrottle, hourlyRule } from '../lib/throttle.ts';
import type { Clock, ProviderName } from './provider-kit.ts';

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

/** Whose calls a call spends. */
export type BudgetShare = 'visitors' | 'refresh';

export interface CallBudget {
  /** Whether this instance already knows the share is spent for now (no statement). */
  spent(share: BudgetShare): boolean;
  /** True once one call of `share` is counted; false when the share is spent for now. */
  take(share: BudgetShare): Promise<boolean>;
}

/** For a provider with no budget of ours (only its own pace applies). */
export const UNLIMITED_CALLS: CallBudget = { spent: () => false, take: async () => true };

export interface CallBudgetLimits {
  /** Every call of the key in a UTC day (Ticketmaster's default quota is 5,000). */
  callsPerDay: number;
  /** Of those, kept for the scheduled refresh; visitors may spend the rest. */
  reservedForRefresh: number;
  /** The most visitors' calls in one clock hour. */
  visitorCallsPerHour: number;
}

interface Period {
  key: string;
  limit: number;
  endsAt: number;
}

/** The day's and hour's periods a call of `share` must fit in (`now` in ms). */
function periodsOf(
  provider: ProviderName,
  limits: CallBudgetLimits,
  share: BudgetShare,
  now: number,
): Period[] {
  const dayStart = now - (now % DAY_MS);
  const hourStart = now - (now % HOUR_MS);
  const stamp = new Date(hourStart).toISOString();
  const prefix = `provider-calls:${provider}:${share}`;
  const day = { key: `${prefix}:${stamp.slice(0, 10)}`, endsAt: dayStart + DAY_MS };
  if (share === 'refresh') return [{ ...day, limit: limits.reservedForRefresh }];
  return [
    {
      key: `${prefix}:${stamp.slice(0, 13)}h`,
      limit: limits.visitorCallsPerHour,
      endsAt: hourStart + HOUR_MS,
    },
    { ...day, limit: limits.callsPerDay - limits.reservedForRefresh },
  ];
}

/** Counts one call in `period` unless its count has reached the limit: one statement. */
async function countIfUnder(db: Database, period: Period): Promise<boolean> {
  const counted = await executeRows<{ attempts: number }>(
    db,
    sql`INSERT INTO ${authThrottles} AS t (key, attempts, window_ends_at, strikes)
      VALUES (${period.key}, 1, ${new Date(period.endsAt).toISOString()}::timestamptz, 0)
      ON CONFLICT (key) DO UPDATE SET attempts = t.attempts + 1
        WHERE t.attempts < ${period.limit}
      RETURNING t.attempts`,
  );
  return counted.length > 0;
}

/** Takes back a call counted in `period` when a longer period refused it. */
async function uncount(db: Database, period: Period): Promise<void> {
  await db.execute(
    sql`UPDATE ${authThrottles} SET attempts = greatest(attempts - 1, 0) WHERE key = ${period.key}`,
  );
}

/** A provider's budget of calls, counted in the database and shared by every instance. */
export function databaseCallBudget(
  db: Database,
  provider: ProviderName,
  limits: CallBudgetLimits,
  {
    now = Date.now,
    onSpent = () => {},
  }: {
    now?: Clock;
    /** Told once per instance when a share runs out, and until when (ms). */
    onSpent?: (share: BudgetShare, until: number) => void;
  } = {},
): CallBudget {
  // When each share was last refused, until its refusing period ends.
  const spentUntil = new Map<BudgetShare, number>();
  const spent = (share: BudgetShare) => (spentUntil.get(share) ?? 0) > now();
  return {
    spent,
    async take(share) {
      if (spent(share)) return false;
      const at = now();
      const periods = periodsOf(provider, limits, share, at);
      const counted: Period[] = [];
      for (const period of periods) {
        if (period.limit > 0 && (await countIfUnder(db, period))) {
          counted.push(period);
          continue;
        }
        await Promise.all(counted.map((p) => uncount(db, p)));
        spentUntil.set(share, period.endsAt);
        onSpent(share, period.endsAt);
        return false;
      }
      return true;
    },
  };
}

/** Asked just before a call that a cached answer could not spare; false leaves it out. */
export type CallAdmission = () => Promise<boolean>;

/**
 * The admission of calls caused by one address: at most `perHour` an hour, counted in one
 * statement per call (the throttle's), so parallel requests cannot all slip under it.
 */
export function perAddressAdmission(
  db: Database,
  perHour: number,
): (address: string) => CallAdmission {
  const throttle = createThrottle(db);
  return (address) => async () =>
    (await throttle.attempt([hourlyRule(`provider-calls:${address}`, perHour)])).allowed;
}
