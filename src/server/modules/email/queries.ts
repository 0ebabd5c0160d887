/** The rows mail reads and writes: addresses and their verification, switches, what was sent. */
import { and, desc, eq, gt, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Database, Tx } from '#server/db/index.ts';
import { executeRows } from '#server/db/index.ts';
import {
  mailSent,
  mailUnsubscribes,
  notifications,
  users,
  userSettings,
  type OptionalMailKind,
} from '#server/db/schema.ts';
import { noticeActorNames, noticeColumns } from '../notifications/index.ts';

type Db = Database | Tx;

export async function selectAddress(db: Db, userId: string) {
  const [row] = await db
    .select({
      email: users.email,
      emailVerifiedAt: users.emailVerifiedAt,
      firstName: users.firstName,
      username: users.username,
    })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return row;
}

/** Marks the address verified if it is still the one the link was sent to, and was not yet. */
export async function markVerified(db: Db, userId: string, email: string): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ emailVerifiedAt: sql`now()` })
    .where(and(eq(users.id, userId), eq(users.email, email), isNull(users.emailVerifiedAt)))
    .returning({ id: users.id });
  return rows.length > 0;
}

/** Takes an unsubscribe link's nonce; false when it was taken before (the link was used). */
export async function takeUnsubscribeNonce(
  tx: Tx,
  row: { nonce: string; userId: string; kind: OptionalMailKind },
): Promise<boolean> {
  const taken = await tx
    .insert(mailUnsubscribes)
    .values(row)
    .onConflictDoNothing()
    .returning({ nonce: mailUnsubscribes.nonce });
  return taken.length > 0;
}

/** The switch each kind of mail follows (the settings row is made if the person had none). */
const SWITCH_OF = {
  digest: 'daily_digest',
  'concert-alerts': 'upcoming_concert_reminders',
} as const satisfies Record<OptionalMailKind, string>;

export async function turnOffMail(tx: Tx, userId: string, kind: OptionalMailKind): Promise<void> {
  const column = sql.raw(SWITCH_OF[kind]);
  await tx.execute(
    sql`INSERT INTO ${userSettings} (user_id, ${column}) VALUES (${userId}, false)
        ON CONFLICT (user_id) DO UPDATE SET ${column} = false, updated_at = now()`,
  );
}

/**
 * Claims the mail of this occasion for this person: true when this transaction inserted the
 * row (it waits for another transaction holding the same key, and then finds it or not).
 */
export async function claimOccasion(
  tx: Tx,
  key: { userId: string; kind: string; occasion: string },
): Promise<boolean> {
  const claimed = await tx
    .insert(mailSent)
    .values(key)
    .onConflictDoNothing()
    .returning({ userId: mailSent.userId });
  return claimed.length > 0;
}

export async function lastSentAt(db: Db, userId: string, kind: string): Promise<Date | null> {
  const [row] = await db
    .select({ sentAt: mailSent.sentAt })
    .from(mailSent)
    .where(and(eq(mailSent.userId, userId), eq(mailSent.kind, kind)))
    .orderBy(desc(mailSent.sentAt))
    .limit(1);
  return row?.sentAt ?? null;
}

/**
 * A person's time zone as SQL (user_settings.time_zone, read as `s`): UTC when they chose
 * none. The one place the digest learns where someone lives.
 */
const personZone = sql.raw(`coalesce(s.time_zone, 'UTC')`);

/**
 * People due a digest now: e-mail notifications and "Daily digest" on, a verified address,
 * the local hour (their time zone, UTC when they chose none) is `hour`, and a notice unread
 * since their last digest. The local date is the digest's occasion. A page at a time, in
 * id order, after `after`.
 */
export async function selectDigestRecipients(
  db: Db,
  hour: number,
  page: { after: string | null; limit: number },
) {
  return executeRows<{ user_id: string; local_date: string }>(
    db,
    sql`SELECT u.id AS user_id,
               to_char(now() AT TIME ZONE ${personZone}, 'YYYY-MM-DD') AS local_date
          FROM ${users} AS u
          LEFT JOIN ${userSettings} AS s ON s.user_id = u.id
         WHERE coalesce(s.email_notifications, true) AND coalesce(s.daily_digest, true)
           AND u.email IS NOT NULL AND u.email_verified_at IS NOT NULL
           AND extract(hour FROM now() AT TIME ZONE ${personZone}) = ${hour}
           AND (${page.after}::uuid IS NULL OR u.id > ${page.after}::uuid)
           AND EXISTS (
             SELECT 1 FROM ${notifications} AS n
              WHERE n.user_id = u.id AND n.is_read = false
                AND n.created_at > coalesce(
                  (SELECT max(m.sent_at) FROM ${mailSent} AS m
                    WHERE m.user_id = u.id AND m.kind = 'digest'),
                  '-infinity'::timestamptz))
         ORDER BY u.id
         LIMIT ${page.limit}`,
  );
}

/** Unread notices since a moment, newest first, with what their words are made of. */
export async function selectUnreadSince(db: Db, userId: string, since: Date | null, limit: number) {
  const conditions = [eq(notifications.userId, userId), eq(notifications.isRead, false)];
  if (since) conditions.push(gt(notifications.createdAt, since));
  return db
    .select({ ...noticeColumns, actor: noticeActorNames, createdAt: notifications.createdAt })
    .from(notifications)
    .where(and(...conditions))
    .orderBy(desc(notifications.createdAt))
    .limit(limit);
}

export async function countUnreadSince(db: Db, userId: string, since: Date | null) {
  const conditions = [eq(notifications.userId, userId), eq(notifications.isRead, false)];
  if (since) conditions.push(gt(notifications.createdAt, since));
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(notifications)
    .where(and(...conditions));
  return row?.count ?? 0;
}

/** Whether the person still wants the digest, with a verified address (read as it is sent). */
export async function selectDigestAddress(db: Db, userId: string) {
  const [row] = await db
    .select({ email: users.email, firstName: users.firstName, username: users.username })
    .from(users)
    .leftJoin(userSettings, eq(userSettings.userId, users.id))
    .where(
      and(
        eq(users.id, userId),
        isNotNull(users.emailVerifiedAt),
        // No settings row: the defaults, both on.
        sql`coalesce(${userSettings.emailNotifications}, true)`,
        sql`coalesce(${userSettings.dailyDigest}, true)`,
      ),
    )
    .limit(1);
  return row?.email ? { ...row, email: row.email } : undefined;
}
