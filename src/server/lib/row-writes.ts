import { sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgInsertValue, PgTable } from 'drizzle-orm/pg-core';
import type { Database, Tx } from '../db/index.ts';

/**
 * Inserts the row unless one with the same `target` columns exists; whether this call added
 * it. A concurrent insert of the same row waits for the first and adds nothing.
 */
export async function insertIfAbsent<Table extends PgTable>(
  db: Database | Tx,
  table: Table,
  values: PgInsertValue<Table>,
  target: PgColumn[],
): Promise<boolean> {
  const rows = await db
    .insert(table)
    .values(values)
    .onConflictDoNothing({ target })
    .returning({ added: sql`1` });
  return rows.length > 0;
}

/** Deletes the rows of `table` where `where` is true; whether there were any. */
export async function deleteWhere(db: Database | Tx, table: PgTable, where: SQL | undefined) {
  const rows = await db
    .delete(table)
    .where(where)
    .returning({ deleted: sql`1` });
  return rows.length > 0;
}
