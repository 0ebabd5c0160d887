import { sql, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Database, Tx } from '../db/index.ts';

/** Whether `table` holds a row (where `where` is true); reads at most that one row. */
export async function hasRow(db: Database | Tx, table: PgTable, where?: SQL) {
  const rows = await db
    .select({ found: sql`1` })
    .from(table)
    .where(where)
    .limit(1);
  return rows.length > 0;
}
