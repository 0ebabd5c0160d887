import { eq } from 'drizzle-orm';
import type { Database, Tx } from '../db/index.ts';
import { sessions } from '../db/schema.ts';

/** Ends every Encore session of a user (a password reset, a revocation). */
export async function endSessionsOfUser(db: Database | Tx, userId: string): Promise<number> {
  const ended = await db.delete(sessions).where(eq(sessions.userId, userId)).returning({
    sid: sessions.sid,
  });
  return ended.length;
}
