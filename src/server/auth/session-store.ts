/**
 * Sessions in the `session` table, so they survive restarts and are shared by every
 * instance. Expired rows are never read and are swept periodically. A signed-in session
 * names its user in a column: deleting the user deletes its sessions (so a deleted user's
 * next request is signed out), and all of a user's sessions can be ended.
 *
 * A row's `sess` keeps the shape it has always had (`{ cookie: { originalMaxAge, ... },
 * userId, ... }`), so sessions saved by earlier versions stay valid.
 */
import { and, eq, gt, lt, sql, type Placeholder } from 'drizzle-orm';
import type { Database } from '../db/index.ts';
import { sessions } from '../db/schema.ts';

export interface PendingSignIn {
  codeVerifier: string;
  state: string;
  nonce: string;
  /** Where to go once signed in: a checked path of our own (shared/return-path.ts). */
  next?: string;
}

/** What a session remembers between requests. */
export interface SessionData {
  userId?: string;
  idToken?: string;
  pendingSignIn?: PendingSignIn;
}

export interface StoredSession {
  data: SessionData;
  /** How long the session lives from its last save. */
  maxAgeMs: number;
  expires: Date;
}

/** The name the session read is prepared under (bench/ceiling-server.ts sends it too). */
export const SESSION_STATEMENT = 'session_by_sid';

/** The live session a sid names, with its user. */
export function selectSession(db: Database, sid: string | Placeholder) {
  return db
    .select({ sess: sessions.sess, expire: sessions.expire, userId: sessions.userId })
    .from(sessions)
    .where(and(eq(sessions.sid, sid), gt(sessions.expire, sql`now()`)))
    .limit(1);
}

interface StoredCookie {
  originalMaxAge?: number;
}

export class DatabaseSessionStore {
  /**
   * One named statement, planned once per connection: a signed-in request pays for its
   * session with this lookup and nothing else. The user comes from the row's `user_id`,
   * which the foreign key deletes with the user, so a row that is found has its user.
   */
  readonly #read;

  constructor(
    private readonly db: Database,
    private readonly fallbackMaxAgeMs: number,
  ) {
    this.#read = selectSession(db, sql.placeholder('sid')).prepare(SESSION_STATEMENT);
  }

  async read(sid: string): Promise<StoredSession | undefined> {
    const [row] = await this.#read.execute({ sid });
    if (!row) return undefined;
    const { cookie, ...saved } = row.sess as SessionData & { cookie?: StoredCookie };
    return {
      data: { ...saved, userId: row.userId ?? undefined },
      maxAgeMs: cookie?.originalMaxAge ?? this.fallbackMaxAgeMs,
      expires: row.expire,
    };
  }

  async save(sid: string, session: StoredSession, cookie: Record<string, unknown>) {
    const { expires, maxAgeMs, data } = session;
    const sess = {
      cookie: { ...cookie, originalMaxAge: maxAgeMs, expires: expires.toISOString() },
      ...data,
    };
    const userId = data.userId ?? null;
    await this.db
      .insert(sessions)
      .values({ sid, sess, expire: expires, userId })
      .onConflictDoUpdate({ target: sessions.sid, set: { sess, expire: expires, userId } });
  }

  async destroy(sid: string): Promise<void> {
    await this.db.delete(sessions).where(eq(sessions.sid, sid));
  }

  async sweepExpired(): Promise<void> {
    await this.db.delete(sessions).where(lt(sessions.expire, new Date()));
  }
}
