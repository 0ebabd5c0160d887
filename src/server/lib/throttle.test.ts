import { describe, expect, it } from 'vitest';
import { testDatabaseKind, useTestDatabase } from '#server/testing/test-database.ts';
import { createThrottle, type ThrottleRule } from './throttle.ts';

const { db } = useTestDatabase();

const HOUR_MS = 60 * 60 * 1000;
const rule = (key: string): ThrottleRule => ({
  key,
  limit: 1,
  windowMs: HOUR_MS,
  maxWindowMs: HOUR_MS,
});

describe(`throttle (${testDatabaseKind()})`, () => {
  it('refuses past the limit and says when the window ends', async () => {
    const start = new Date('2026-11-26T10:00:00Z');
    const throttle = createThrottle(db(), () => start);
    expect(await throttle.attempt([rule('a')])).toEqual({ allowed: true, retryAfterMs: 0 });
    const later = createThrottle(db(), () => new Date(start.getTime() + 15 * 60 * 1000));
    expect(await later.attempt([rule('a')])).toEqual({
      allowed: false,
      retryAfterMs: 45 * 60 * 1000,
    });
  });

  it('never asks a request that read the clock before the window opened to wait past the window', async () => {
    const opened = new Date('2026-11-26T10:00:00.500Z');
    await createThrottle(db(), () => opened).attempt([rule('b')]);
    // A concurrent request read the clock half a second earlier and counts second.
    const earlier = createThrottle(db(), () => new Date(opened.getTime() - 500));
    const decision = await earlier.attempt([rule('b')]);
    expect(decision.allowed).toBe(false);
    expect(decision.retryAfterMs).toBe(HOUR_MS);
  });
});
