/** The person's settings row, and whether their account is private (kept on the user row). */
import { eq, sql } from 'drizzle-orm';
import type { Database, Tx } from '#server/db/index.ts';
import { userSettings, users } from '#server/db/schema.ts';

type Db = Database | Tx;

export type SettingsRow = typeof userSettings.$inferSelect;

export async function selectSettings(db: Db, userId: string) {
  const [row] = await db
    .select({ settings: userSettings, isPrivate: users.isPrivate })
    .from(users)
    .leftJoin(userSettings, eq(userSettings.userId, users.id))
    .where(eq(users.id, userId));
  return row;
}

/** The person's time zone from Settings; null until they save one. */
export async function selectTimeZone(db: Db, userId: string): Promise<string | null> {
  const [row] = await db
    .select({ timeZone: userSettings.timeZone })
    .from(userSettings)
    .where(eq(userSettings.userId, userId));
  return row?.timeZone ?? null;
}

export type SettingsColumns = Partial<
  Omit<SettingsRow, 'id' | 'userId' | 'createdAt' | 'updatedAt'>
>;

/** Creates the row with `changes` over the defaults, or changes the one there (one statement). */
export async function upsertSettings(
  tx: Tx,
  userId: string,
  changes: SettingsColumns,
): Promise<SettingsRow> {
  const [row] = await tx
    .insert(userSettings)
    .values({ userId, ...changes })
    .onConflictDoUpdate({
      target: userSettings.userId,
      set: { ...changes, updatedAt: sql`now()` },
    })
    .returning();
  return row!;
}

export async function setPrivate(tx: Tx, userId: string, isPrivate: boolean): Promise<void> {
  await tx.update(users).set({ isPrivate }).where(eq(users.id, userId));
}
