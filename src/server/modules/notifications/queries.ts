import { and, count, eq } from 'drizzle-orm';
import type { Database } from '../../db/index.ts';
import { notifications } from '../../db/schema.ts';

/** Served by the partial index on unread rows. */
export async function countUnread(db: Database, userId: string): Promise<number> {
  const [row] = await db
    .select({ count: count() })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.isRead, false)));
  return row?.count ?? 0;
}
