/** The rows concert reminders read and write: due reminders made in one statement, and mail. */
import { and, eq, isNotNull, sql } from 'drizzle-orm';
import { executeRows, type Database, type Tx } from '#server/db/index.ts';
import {
  attendance,
  concerts,
  concertWishlist,
  notifications,
  users,
  userSettings,
} from '#server/db/schema.ts';
import { noticeColumns, returningWrittenNotice } from '../notifications/index.ts';

type Db = Database | Tx;

export interface MadeReminder {
  notificationId: string;
  userId: string;
  concertId: string;
  /** Whether the person has a device to push it to. */
  pushable: boolean;
  /** Whether the person also wants it by mail: e-mail notifications on, a verified address. */
  mail: boolean;
}

/**
 * Makes the reminders due now, at most `limit`, in one statement: the shows starting after
 * now and within `hours` (concerts_starts_at_idx), the people going to them or having saved
 * them (attendance_concert_idx, concert_wishlist_concert_idx: only those shows' marks are
 * read), who have "Concert alerts" on and no reminder of the show yet. The unique index
 * notifications_concert_reminder_once_idx keeps a reminder once per person and show against
 * a concurrent run. Soonest shows first, so a run cut short by the limit loses no time.
 */
export async function insertDueReminders(
  tx: Tx,
  hours: number,
  limit: number,
): Promise<MadeReminder[]> {
  return executeRows<MadeReminder>(
    tx,
    sql`WITH shows AS (
          SELECT c.id, c.starts_at FROM ${concerts} AS c
           WHERE c.starts_at > now()
             AND c.starts_at <= now() + make_interval(hours => ${hours}::int)
        ),
        wanted AS (
          SELECT a.user_id, a.concert_id, shows.starts_at
            FROM shows JOIN ${attendance} AS a ON a.concert_id = shows.id AND a.status = 'going'
          UNION
          SELECT w.user_id, w.concert_id, shows.starts_at
            FROM shows JOIN ${concertWishlist} AS w ON w.concert_id = shows.id
        ),
        due AS (
          SELECT p.user_id, p.concert_id FROM wanted AS p
            LEFT JOIN ${userSettings} AS s ON s.user_id = p.user_id
           WHERE coalesce(s.upcoming_concert_reminders, true)
             AND NOT EXISTS (
               SELECT 1 FROM ${notifications} AS n
                WHERE n.user_id = p.user_id AND n.related_concert_id = p.concert_id
                  AND n.type = 'concert_reminder')
           ORDER BY p.starts_at, p.concert_id, p.user_id
           LIMIT ${limit}
        ),
        made AS (
          INSERT INTO ${notifications} (user_id, type, link, related_concert_id)
          SELECT due.user_id, 'concert_reminder', '/concerts/' || due.concert_id, due.concert_id
            FROM due
          ON CONFLICT (user_id, related_concert_id) WHERE type = 'concert_reminder' DO NOTHING
          ${returningWrittenNotice}, user_id, related_concert_id
        )
        SELECT made.id AS "notificationId", made.user_id AS "userId",
               made.related_concert_id AS "concertId", made.pushable,
               (u.email IS NOT NULL AND u.email_verified_at IS NOT NULL
                AND coalesce(s.email_notifications, true)) AS mail
          FROM made
          JOIN ${users} AS u ON u.id = made.user_id
          LEFT JOIN ${userSettings} AS s ON s.user_id = made.user_id`,
  );
}

/**
 * A reminder as its mail says it, read when the mail is sent: undefined when the person no
 * longer wants it by mail (either switch off, the address not verified), when the notice is
 * gone, or when the show has started meanwhile.
 */
export async function selectReminderMail(db: Db, userId: string, concertId: string) {
  const [row] = await db
    .select({
      ...noticeColumns,
      email: users.email,
      firstName: users.firstName,
      username: users.username,
    })
    .from(notifications)
    .innerJoin(users, eq(users.id, notifications.userId))
    .innerJoin(concerts, eq(concerts.id, notifications.relatedConcertId))
    .leftJoin(userSettings, eq(userSettings.userId, notifications.userId))
    .where(
      and(
        eq(notifications.userId, userId),
        eq(notifications.relatedConcertId, concertId),
        eq(notifications.type, 'concert_reminder'),
        isNotNull(users.emailVerifiedAt),
        // No settings row: the defaults, both on.
        sql`coalesce(${userSettings.emailNotifications}, true)`,
        sql`coalesce(${userSettings.upcomingConcertReminders}, true)`,
        sql`${concerts.startsAt} > now()`,
      ),
    )
    .limit(1);
  return row?.email ? { ...row, email: row.email } : undefined;
}
