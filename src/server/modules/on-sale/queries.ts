/** The sales that just opened, the people their alerts go to, and what an on-sale mail says. */
import { and, eq, isNotNull, sql } from 'drizzle-orm';
import { executeRows, type Database, type Tx } from '#server/db/index.ts';
import { concerts, notifications, users, userSettings } from '#server/db/schema.ts';

type Db = Database | Tx;

export interface SaleNotice {
  notificationId: string;
  userId: string;
  concertId: string;
}

/**
 * Takes the shows whose first sale (public or presale) opened by now and were not taken yet,
 * the earliest first, at most `limit` (concerts_sales_open_idx finds them), and tells each
 * one's people, set-based: those who saved it, and followers of its artist in its city
 * (their profile's or a chosen one, as new-show alerts), each with "Concert alerts" on. A
 * show is taken once (sale_alerted_at, rows locked and skipped by a second worker), and a
 * person gets one notice per show (notifications_on_sale_once_idx), whatever runs twice. A
 * sale that opened longer than `window` ago (workers were down), or before the show was
 * stored, is taken without alerting anyone: it is no news now. Returns the notices made and
 * how many shows it took.
 */
export async function alertOpenedSales(
  tx: Tx,
  options: { limit: number; windowMinutes: number },
): Promise<{ taken: number; notices: SaleNotice[] }> {
  const taken = await executeRows<{ id: string }>(
    tx,
    sql`UPDATE ${concerts} AS c SET sale_alerted_at = now()
         WHERE c.id IN (
           SELECT o.id FROM ${concerts} AS o
            WHERE o.sale_alerted_at IS NULL AND o.sales_open_at IS NOT NULL
              AND o.sales_open_at <= now()
            ORDER BY o.sales_open_at
            LIMIT ${options.limit}
            FOR UPDATE SKIP LOCKED)
        RETURNING c.id`,
  );
  if (taken.length === 0) return { taken: 0, notices: [] };
  const ids = taken.map((t) => t.id);
  const notices = await executeRows<SaleNotice>(
    tx,
    sql`WITH opened AS (
          SELECT c.id, c.artist_id, c.city FROM ${concerts} AS c
           WHERE c.id IN ${ids}
             AND c.sales_open_at > now() - make_interval(mins => ${options.windowMinutes})
             AND c.created_at < c.sales_open_at
        ), told AS (
          SELECT w.user_id, o.id AS concert_id
            FROM opened AS o JOIN concert_wishlist AS w ON w.concert_id = o.id
          UNION
          SELECT f.user_id, o.id
            FROM opened AS o
            JOIN artist_follows AS f ON f.artist_id = o.artist_id
            JOIN users AS u ON u.id = f.user_id
            LEFT JOIN show_alert_settings AS a ON a.user_id = f.user_id
           WHERE lower(o.city) = lower(trim(split_part(u.location, ',', 1)))
              OR o.city = ANY(coalesce(a.cities, '{}'::text[]))
        )
        INSERT INTO ${notifications} (user_id, type, link, related_concert_id)
        SELECT t.user_id, 'on_sale', '/concerts/' || t.concert_id, t.concert_id
          FROM told AS t
          LEFT JOIN ${userSettings} AS s ON s.user_id = t.user_id
         WHERE coalesce(s.upcoming_concert_reminders, true)
        ON CONFLICT (user_id, related_concert_id) WHERE type = 'on_sale' DO NOTHING
        RETURNING id AS "notificationId", user_id AS "userId",
                  related_concert_id AS "concertId"`,
  );
  return { taken: taken.length, notices };
}

/**
 * An on-sale notice with what its mail says, when its person still wants such mail: e-mail
 * notifications and "Concert alerts" on, and a verified address (read as it is sent).
 */
export async function selectOnSaleMail(db: Db, notificationId: string) {
  const [row] = await db
    .select({
      userId: notifications.userId,
      concertId: concerts.id,
      email: users.email,
      firstName: users.firstName,
      username: users.username,
      artist: concerts.artist,
      venue: concerts.venue,
      city: concerts.city,
      ticketUrl: concerts.ticketUrl,
    })
    .from(notifications)
    .innerJoin(concerts, eq(concerts.id, notifications.relatedConcertId))
    .innerJoin(users, eq(users.id, notifications.userId))
    .leftJoin(userSettings, eq(userSettings.userId, users.id))
    .where(
      and(
        eq(notifications.id, notificationId),
        eq(notifications.type, 'on_sale'),
        isNotNull(users.emailVerifiedAt),
        // No settings row: the defaults, both on.
        sql`coalesce(${userSettings.emailNotifications}, true)`,
        sql`coalesce(${userSettings.upcomingConcertReminders}, true)`,
      ),
    )
    .limit(1);
  return row?.email ? { ...row, email: row.email } : undefined;
}
