/** New-show alert settings, and the people a new show is news to. */
import { eq, sql } from 'drizzle-orm';
import { executeRows, type Database, type Tx } from '#server/db/index.ts';
import { showAlertSettings, users } from '#server/db/schema.ts';

type Db = Database | Tx;

export interface AlertSettingsRow {
  location: string | null;
  enabled: boolean;
  cities: string[];
}

/** Undefined when there is no such person; defaults (on, no chosen city) without a row. */
export async function selectAlertSettings(
  db: Db,
  userId: string,
): Promise<AlertSettingsRow | undefined> {
  const [row] = await db
    .select({
      location: users.location,
      enabled: sql<boolean>`coalesce(${showAlertSettings.enabled}, true)`,
      cities: sql<string[]>`coalesce(${showAlertSettings.cities}, '{}'::text[])`,
    })
    .from(users)
    .leftJoin(showAlertSettings, eq(showAlertSettings.userId, users.id))
    .where(eq(users.id, userId));
  return row;
}

export async function upsertAlertSettings(
  db: Db,
  userId: string,
  settings: { enabled: boolean; cities: string[] },
): Promise<void> {
  await db
    .insert(showAlertSettings)
    .values({ userId, ...settings })
    .onConflictDoUpdate({
      target: showAlertSettings.userId,
      set: { ...settings, updatedAt: sql`now()` },
    });
}

/** The lowercased city a profile location names (the part before a comma), in SQL. */
const profileCityName = sql`lower(trim(split_part(u.location, ',', 1)))`;

/**
 * Tells followers of the concert's artist who live in (or chose) its city that it was
 * announced: each person once (show_alerts' key), inside their notice of the day
 * (group 'new-shows:<day>'), which a read notice of the same day becomes unread again
 * to hold. Past shows and people with alerts off are not told. Returns how many people
 * it told now.
 */
export async function alertFollowersOfShow(
  tx: Tx,
  concertId: string,
  today: string,
): Promise<number> {
  const groupKey = `new-shows:${today}`;
  const recipients = sql`
    SELECT f.user_id
      FROM concerts c
      JOIN artist_follows f ON f.artist_id = c.artist_id
      JOIN users u ON u.id = f.user_id
      LEFT JOIN show_alert_settings s ON s.user_id = f.user_id
     WHERE c.id = ${concertId}
       AND c.date >= ${today}::date
       AND coalesce(s.enabled, true)
       AND (lower(c.city) = ${profileCityName} OR c.city = ANY(coalesce(s.cities, '{}'::text[])))
       AND NOT EXISTS (SELECT 1 FROM show_alerts a WHERE a.user_id = f.user_id AND a.concert_id = c.id)`;
  // A read notice of today takes the new show too (and comes back unread, to the top).
  await tx.execute(sql`
    UPDATE notifications n SET is_read = false, created_at = now()
     WHERE n.type = 'new_shows' AND n.group_key = ${groupKey} AND n.is_read
       AND n.user_id IN (${recipients})
       AND NOT EXISTS (SELECT 1 FROM notifications o
                        WHERE o.user_id = n.user_id AND o.group_key = n.group_key AND NOT o.is_read)`);
  await tx.execute(sql`
    INSERT INTO notifications (user_id, type, link, related_concert_id, group_key)
    SELECT r.user_id, 'new_shows', '/concerts/' || ${concertId}, ${concertId}, ${groupKey}
      FROM (${recipients}) r
    ON CONFLICT (user_id, group_key) WHERE is_read = false AND group_key IS NOT NULL
    DO UPDATE SET created_at = now()`);
  const told = await executeRows<{ notificationId: string }>(
    tx,
    sql`
    INSERT INTO show_alerts (user_id, concert_id, notification_id)
    SELECT r.user_id, ${concertId}, n.id
      FROM (${recipients}) r
      JOIN notifications n ON n.user_id = r.user_id AND n.group_key = ${groupKey} AND NOT n.is_read
    ON CONFLICT DO NOTHING
    RETURNING notification_id AS "notificationId"`,
  );
  const notices = [...new Set(told.map((t) => t.notificationId))];
  if (notices.length > 0) {
    await tx.execute(sql`
      SELECT refresh_show_alert_notice(notice)
        FROM unnest(string_to_array(${notices.join(',')}, ',')::uuid[]) AS notice`);
  }
  return told.length;
}
