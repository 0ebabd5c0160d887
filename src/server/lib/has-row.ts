import { sql, type GetColumnData, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
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

/** The row of `table` where `where` is true (the first, if several are); undefined if none. */
export async function findRow<Table extends PgTable>(
  db: Database | Tx,
  table: Table,
  where: SQL | undefined,
): Promise<Table['$inferSelect'] | undefined> {
  const [row] = await db
    .select()
    .from(table as PgTable)
    .where(where)
    .limit(1);
  return row as Table['$inferSelect'] | undefined;
}

/** `column` of the row of its table where `where` is true; undefined if there is none. */
export async function findValue<Column extends PgColumn>(
  db: Database | Tx,
  column: Column,
  where: SQL | undefined,
): Promise<GetColumnData<Column> | undefined> {
  const [row] = await db
    .select({ value: column as PgColumn })
    .from(column.table)
    .where(where)
    .limit(1);
  return row?.value as GetColumnData<Column> | undefined;
}
