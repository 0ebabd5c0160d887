/**
 * @fastify/session store backed by the `session` table, so sessions survive restarts and
 * are shared by every instance. Expired rows are never read and are swept periodically.
 * A signed-in session names its user in a column: deleting the user deletes its sessions
 * (so a deleted user's next request is signed out), and all of a user's sessions can be ended.
 */
import type { SessionStore } from '@fastify/session';
import { eq, lt } from 'drizzle-orm';
import type { Session } from 'fastify';
import type { Database } from '../db/index.ts';
import { sessions } from '../db/schema.ts';

type Callback = (error?: unknown) => void;

const FALLBACK_TTL_MS = 24 * 60 * 60 * 1000;

export class DatabaseSessionStore implements SessionStore {
  constructor(private readonly db: Database) {}

  set(sid: string, session: Session, callback: Callback): void {
    const expires = session.cookie.expires ?? new Date(Date.now() + FALLBACK_TTL_MS);
    const sess = JSON.parse(JSON.stringify(session)) as Record<string, unknown>;
    const userId = session.userId ?? null;
    this.db
      .insert(sessions)
      .values({ sid, sess, expire: expires, userId })
      .onConflictDoUpdate({ target: sessions.sid, set: { sess, expire: expires, userId } })
      .then(() => callback(), callback);
  }

  get(sid: string, callback: (error: unknown, session?: Session | null) => void): void {
    this.db
      .select()
      .from(sessions)
      .where(eq(sessions.sid, sid))
      .limit(1)
      .then(([row]) => {
        if (!row || row.expire.getTime() <= Date.now()) return callback(null, null);
        callback(null, row.sess as Session);
      }, callback);
  }

  destroy(sid: string, callback: Callback): void {
    this.db
      .delete(sessions)
      .where(eq(sessions.sid, sid))
      .then(() => callback(), callback);
  }

  async sweepExpired(): Promise<void> {
    await this.db.delete(sessions).where(lt(sessions.expire, new Date()));
  }
}
