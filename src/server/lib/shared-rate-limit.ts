/**
 * @fastify/rate-limit's request counts kept in the database, so that every instance of
 * Encore counts toward one limit per address. Windows are fixed and aligned to the clock
 * (every instance agrees where a minute starts), and each is one row.
 *
 * Asking the database for every request would cost every cached read a round trip, so an
 * instance reserves requests in small blocks: a statement adds a block to the window's
 * row and learns how many requests the window held before it, and the instance admits up to
 * what is left of the limit locally until the block is used. The reservations of many
 * addresses asked for in one turn of the event loop share one statement. Reserving counts first, so the
 * instances together never admit more than the limit; what they may leave unused is at most
 * one block each, a few per cent of the limit (`blockSizeFor`).
 *
 * When the database cannot be reached, an instance counts alone (a per-instance limit, as
 * before the shared one) and tries the database again a second later: a limiter that
 * cannot count must not turn requests into errors.
 *
 * The embedded database (PGlite) is opened by one process only, so there is no other
 * instance to share a count with: there the store counts alone from the start, exactly,
 * and a cached read never waits on a statement. (On PGlite every reservation was a write
 * through the one connection that also answers the reads: under many addresses, each one's
 * first request of a minute queued behind the others', and a cached list answered a tenth
 * of what it does without them.)
 */
import { lt, sql } from 'drizzle-orm';
import pg from 'pg';
import type {
  FastifyRateLimitOptions,
  FastifyRateLimitStore,
  FastifyRateLimitStoreCtor,
} from '@fastify/rate-limit';
import { executeRows, type Database } from '../db/index.ts';
import { rateLimitCounters } from '../db/schema.ts';

/** Requests reserved at a time: 1 for small limits (exact), at most 2 % of a large one. */
export function blockSizeFor(max: number): number {
  return Math.max(1, Math.min(50, Math.floor(max / 50)));
}

const RETRY_DATABASE_AFTER_MS = 1000;
const SWEEP_EVERY_MS = 60_000;
/** Windows of past minutes are forgotten once this many keys are held. */
const PRUNE_ABOVE_KEYS = 10_000;

interface Lease {
  window: number;
  /** Requests this instance may still admit from its reservations. */
  granted: number;
  used: number;
  /** The window's total as last seen in the database (reservations of every instance). */
  seen: number;
  /** The limit is reached: refuse until the window ends. */
  spent: boolean;
  /** Counting alone because the database could not be reached. */
  alone: boolean;
  reserving?: Promise<void>;
}

interface Reservation {
  /** The key and its window: the row. */
  rowKey: string;
  block: number;
  endsAt: Date;
  resolve(hits: number): void;
  reject(error: unknown): void;
}

export interface SharedRateLimitOptions {
  now?: () => number;
  /**
   * Whether other processes count in the same database: by default, when it is reached
   * through a PostgreSQL pool. The embedded database is opened by this process alone, so
   * there the counts stay in memory.
   */
  shared?: boolean;
}

/** Whether other processes may use `db`: PostgreSQL's pool, not the embedded database. */
export function reachedByOtherProcesses(db: Database): boolean {
  return (db as { $client?: unknown }).$client instanceof pg.Pool;
}

export function sharedRateLimitStore(
  db: Database,
  { now = Date.now, shared = reachedByOtherProcesses(db) }: SharedRateLimitOptions = {},
): FastifyRateLimitStoreCtor {
  let databaseAwayUntil = 0;
  let lastSweep = 0;

  /** Reservations asked for since the last statement, sent together (`flush`). */
  let waiting: Reservation[] = [];

  /**
   * Adds `block` to the row of `rowKey` and answers the row's total just after it. Many
   * addresses start their minute at once (and a busy one comes back every few dozen
   * requests): the reservations asked for in one turn of the event loop go in one
   * statement, so the database sees one round trip where it saw dozens.
   */
  function reserveHits(rowKey: string, block: number, endsAt: Date): Promise<number> {
    return new Promise((resolve, reject) => {
      if (waiting.length === 0) setImmediate(flush);
      waiting.push({ rowKey, block, endsAt, resolve, reject });
    });
  }

  function flush(): void {
    const taken = waiting;
    waiting = [];
    // One row once per statement (PostgreSQL refuses to update a row twice in one), its
    // blocks added up; rows in key order, so instances lock shared rows in the same order.
    const byRow = new Map<string, Reservation[]>();
    for (const reservation of taken) {
      const same = byRow.get(reservation.rowKey);
      if (same) same.push(reservation);
      else byRow.set(reservation.rowKey, [reservation]);
    }
    const rows = [...byRow].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    const values = rows.map(
      ([rowKey, reservations]) =>
        sql`(${rowKey}, ${reservations.reduce((sum, r) => sum + r.block, 0)}::int, ${reservations[0]!.endsAt.toISOString()}::timestamptz)`,
    );
    executeRows<{ key: string; hits: number }>(
      db,
      sql`INSERT INTO ${rateLimitCounters} AS c (key, hits, expires_at)
          VALUES ${sql.join(values, sql`, `)}
          ON CONFLICT (key) DO UPDATE SET hits = c.hits + excluded.hits
          RETURNING key, hits`,
    ).then(
      (answered) => {
        for (const { key, hits } of answered) {
          // As if sent one by one in the order asked: each learns the total after its block.
          let total = Number(hits);
          for (const reservation of (byRow.get(key) ?? []).toReversed()) {
            reservation.resolve(total);
            total -= reservation.block;
          }
        }
      },
      (error: unknown) => {
        for (const reservation of taken) reservation.reject(error);
      },
    );
  }

  async function reserve(key: string, lease: Lease, timeWindow: number, max: number) {
    const block = blockSizeFor(max);
    const endsAt = new Date((lease.window + 1) * timeWindow);
    const hits = await reserveHits(`${key}@${lease.window}`, block, endsAt);
    const grant = Math.max(0, Math.min(block, max - (hits - block)));
    lease.granted += grant;
    lease.seen = hits;
    if (grant < block) lease.spent = true;
    sweepNowAndThen();
  }

  function sweepNowAndThen() {
    const at = now();
    if (at - lastSweep < SWEEP_EVERY_MS) return;
    lastSweep = at;
    db.delete(rateLimitCounters)
      .where(lt(rateLimitCounters.expiresAt, new Date(at)))
      .catch(() => {
        // The next sweep takes them; expired rows are never read again.
      });
  }

  class SharedStore implements FastifyRateLimitStore {
    readonly #leases = new Map<string, Lease>();

    constructor(_options: FastifyRateLimitOptions) {}

    incr(
      key: string,
      callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
      timeWindow: number,
      max: number,
    ): void {
      const at = now();
      const window = Math.floor(at / timeWindow);
      const ttl = (window + 1) * timeWindow - at;
      // Most requests are settled by what the instance holds: answered at once, without a
      // promise (this runs for every API request, cached reads included).
      const settled = this.#settle(this.#lease(key, window), max);
      if (settled !== undefined) return callback(null, { current: settled, ttl });
      this.#admit(key, window, timeWindow, max).then(
        (current) => callback(null, { current, ttl }),
        (error: Error) => callback(error),
      );
    }

    child(): FastifyRateLimitStore {
      return new SharedStore({});
    }

    /** The request's place in the window: at most `max` when admitted, above it when not. */
    async #admit(key: string, window: number, timeWindow: number, max: number): Promise<number> {
      for (;;) {
        const lease = this.#lease(key, window);
        const settled = this.#settle(lease, max);
        if (settled !== undefined) return settled;
        lease.reserving ??= reserve(key, lease, timeWindow, max)
          .catch(() => {
            databaseAwayUntil = now() + RETRY_DATABASE_AFTER_MS;
          })
          .finally(() => {
            lease.reserving = undefined;
          });
        await lease.reserving;
      }
    }

    /**
     * The request's place when the instance can tell without the database: within what it
     * reserved, past a spent limit, or counting alone; undefined when it must reserve.
     */
    #settle(lease: Lease, max: number): number | undefined {
      if (lease.used < lease.granted) {
        lease.used += 1;
        return Math.min(max, Math.max(lease.used, lease.seen - (lease.granted - lease.used)));
      }
      if (lease.spent) return max + 1;
      if (!shared || lease.alone || now() < databaseAwayUntil) {
        // Counting alone: this instance's share is the whole limit until the database is back.
        lease.alone = true;
        lease.granted = max;
        lease.spent = true;
        return this.#settle(lease, max);
      }
      return undefined;
    }

    #lease(key: string, window: number): Lease {
      const held = this.#leases.get(key);
      if (held && held.window === window) return held;
      if (this.#leases.size > PRUNE_ABOVE_KEYS) {
        for (const [k, lease] of this.#leases) if (lease.window < window) this.#leases.delete(k);
      }
      const lease: Lease = { window, granted: 0, used: 0, seen: 0, spent: false, alone: false };
      this.#leases.set(key, lease);
      return lease;
    }
  }

  return SharedStore;
}
