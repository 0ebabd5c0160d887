import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { executeRows } from '#server/db/index.ts';
import { testDatabaseKind, useTestDatabase } from '#server/testing/test-database.ts';
import { databaseCallBudget, type BudgetShare, type CallBudgetLimits } from './call-budget.ts';

const { db } = useTestDatabase();

const limits: CallBudgetLimits = { callsPerDay: 5, reservedForRefresh: 2, visitorCallsPerHour: 2 };

/** A budget (an instance of its own) reading the time as `at` says, and what it told. */
function budgetAt(at: { now: number }) {
  const spent: { share: BudgetShare; until: string }[] = [];
  const budget = databaseCallBudget(db(), 'ticketmaster', limits, {
    now: () => at.now,
    onSpent: (share, until) => spent.push({ share, until: new Date(until).toISOString() }),
  });
  return { budget, spent };
}

async function takes(take: () => Promise<boolean>, times: number): Promise<boolean[]> {
  const answers: boolean[] = [];
  for (let i = 0; i < times; i += 1) answers.push(await take());
  return answers;
}

describe(`a provider's call budget (${testDatabaseKind()})`, () => {
  it('paces visitors by the hour and stops them at their share of the day, the reserve untouched', async () => {
    const at = { now: Date.parse('2026-03-02T10:15:00Z') };
    const { budget, spent } = budgetAt(at);
    const visitor = () => budget.take('visitors');
    expect(await takes(visitor, 3)).toEqual([true, true, false]);
    // Known here until the hour ends: no statement, and one line for the log.
    expect(budget.spent('visitors')).toBe(true);
    expect(spent).toEqual([{ share: 'visitors', until: '2026-03-02T11:00:00.000Z' }]);

    at.now = Date.parse('2026-03-02T11:00:00Z');
    expect(budget.spent('visitors')).toBe(false);
    // The third call of the visitors' share (5 - 2 kept for the refresh), then the day is over for them.
    expect(await takes(visitor, 2)).toEqual([true, false]);
    expect(spent.at(-1)).toEqual({ share: 'visitors', until: '2026-03-03T00:00:00.000Z' });

    // Another instance, knowing nothing, is refused by the database alone.
    at.now = Date.parse('2026-03-02T15:00:00Z');
    expect(await budgetAt(at).budget.take('visitors')).toBe(false);

    // The refresh keeps its two calls whatever visitors did.
    expect(await takes(() => budget.take('refresh'), 3)).toEqual([true, true, false]);

    at.now = Date.parse('2026-03-03T00:00:01Z');
    expect(await takes(visitor, 3)).toEqual([true, true, false]);
  });

  it('counts a call refused by the day nowhere, so the hour does not fill with calls never made', async () => {
    const at = { now: Date.parse('2026-04-01T08:00:00Z') };
    // Three visitor calls a day, two an hour: 08:00 spends two, 09:00 one and is refused one.
    expect(await takes(() => budgetAt(at).budget.take('visitors'), 2)).toEqual([true, true]);
    at.now = Date.parse('2026-04-01T09:00:00Z');
    expect(await takes(() => budgetAt(at).budget.take('visitors'), 2)).toEqual([true, false]);
    // Had the refused call stayed counted in the 09:00 hour, it would hold 2, not 1.
    const rows = await executeRows<{ attempts: number }>(
      db(),
      sql`SELECT attempts FROM auth_throttles WHERE key = 'provider-calls:ticketmaster:visitors:2026-04-01T09h'`,
    );
    expect(rows.map((r) => Number(r.attempts))).toEqual([1]);
  });

  it('lets exactly its limit through when asked at once from many instances', async () => {
    const at = { now: Date.parse('2026-05-05T12:00:00Z') };
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => budgetAt(at).budget.take('visitors')),
    );
    expect(answers.filter(Boolean)).toHaveLength(2);
  });
});
