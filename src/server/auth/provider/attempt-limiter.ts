/**
 * Counts failed sign-in attempts per e-mail and per client address in fixed windows, in
 * the database so the limit holds across restarts and instances.
 */
import { and, eq, lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/index.ts';
import { signInAttempts } from '../../db/schema.ts';

export interface AttemptLimits {
  windowMs: number;
  perEmail: number;
  perAddress: number;
}

export const DEFAULT_ATTEMPT_LIMITS: AttemptLimits = {
  windowMs: 15 * 60 * 1000,
  perEmail: 5,
  perAddress: 20,
};

export function createAttemptLimiter(db: Database, limits: AttemptLimits = DEFAULT_ATTEMPT_LIMITS) {
  const windowStart = () => new Date(Math.floor(Date.now() / limits.windowMs) * limits.windowMs);
  const keys = (email: string | undefined, address: string) => [
    { key: `address:${address}`, limit: limits.perAddress },
    ...(email ? [{ key: `email:${email}`, limit: limits.perEmail }] : []),
  ];

  return {
    /** Milliseconds until the caller may try again, or 0 when they may try now. */
    async retryAfterMs(email: string | undefined, address: string): Promise<number> {
      const start = windowStart();
      for (const { key, limit } of keys(email, address)) {
        const [row] = await db
          .select({ count: signInAttempts.count })
          .from(signInAttempts)
          .where(and(eq(signInAttempts.key, key), eq(signInAttempts.windowStart, start)))
          .limit(1);
        if (row && row.count >= limit) return start.getTime() + limits.windowMs - Date.now();
      }
      return 0;
    },

    async recordFailure(email: string | undefined, address: string): Promise<void> {
      const start = windowStart();
      for (const { key } of keys(email, address)) {
        await db
          .insert(signInAttempts)
          .values({ key, windowStart: start, count: 1 })
          .onConflictDoUpdate({
            target: [signInAttempts.key, signInAttempts.windowStart],
            set: { count: sql`${signInAttempts.count} + 1` },
          });
      }
    },

    async sweep(): Promise<void> {
      await db.delete(signInAttempts).where(lt(signInAttempts.windowStart, windowStart()));
    },
  };
}

export type AttemptLimiter = ReturnType<typeof createAttemptLimiter>;
