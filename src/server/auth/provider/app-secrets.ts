import { eq } from 'drizzle-orm';
import type { Database } from '#server/db/index.ts';
import { appSecrets } from '#server/db/schema.ts';
import { findRow } from '#server/lib/has-row.ts';

/**
 * A value generated once and then shared by every instance and restart (signing keys,
 * cookie keys). When two instances start together, the first insert wins and both read it.
 */
export async function getOrCreateSecret<T>(
  db: Database,
  name: string,
  generate: () => Promise<T> | T,
): Promise<T> {
  const read = () => findRow(db, appSecrets, eq(appSecrets.name, name));
  const existing = await read();
  if (existing) return existing.value as T;
  await db
    .insert(appSecrets)
    .values({ name, value: (await generate()) as object })
    .onConflictDoNothing();
  const stored = await read();
  if (!stored) throw new Error(`secret ${name} could not be stored`);
  return stored.value as T;
}
