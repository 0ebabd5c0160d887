/**
 * What a notice says, as its list and the data export show it: the parts the row keeps,
 * worded by #shared/notice-text. Kept apart from queries.ts, whose reads apply the users
 * module's blocks: the users module writes notices through this module's index.ts, so
 * nothing that index exports may import the users module.
 */
import { sql } from 'drizzle-orm';
import { NOTIFICATION_TYPES, type NotificationType } from '#shared/schemas/notifications';
import {
  NAMED_SHOWS_MAX,
  noticeMessage,
  noticeTitle,
  type AnnouncedShow,
  type NoticeParts,
  type RemindedShow,
} from '#shared/notice-text';
import type { NamedUser } from '#shared/user-display';
import { concerts, notifications, showAlerts, users, userSettings } from '#server/db/schema.ts';

/**
 * The first shows under a new-show notice, in the order refresh_show_alert_notice counts
 * them (show_alerts_notification_idx finds them); null for every other kind.
 */
const announcedShows = sql<
  AnnouncedShow[] | null
>`(CASE WHEN ${notifications.type} = 'new_shows' THEN
  (SELECT json_agg(json_build_object('artist', c.artist, 'city', c.city, 'date', c.date,
                     'onSaleAt', c.on_sale_at, 'timeZone', c.time_zone)
                   ORDER BY s.created_at, s.concert_id)
     FROM (SELECT a.concert_id, a.created_at FROM ${showAlerts} AS a
            WHERE a.notification_id = ${notifications.id}
            ORDER BY a.created_at, a.concert_id LIMIT ${NAMED_SHOWS_MAX}) AS s
     JOIN ${concerts} AS c ON c.id = s.concert_id) END)`;

/**
 * A concert reminder's show, its time and the person's zone (the words say the time on the
 * venue's clock, and "Today" or "Tomorrow" in the person's zone); null for every other kind.
 */
const remindedShow = sql<RemindedShow | null>`(CASE WHEN ${notifications.type} = 'concert_reminder' THEN
  (SELECT json_build_object('venue', c.venue, 'time', c.time, 'startsAt', c.starts_at,
     'timeZone', c.time_zone, 'remindedAt', ${notifications.createdAt},
     'personZone', (SELECT s.time_zone FROM ${userSettings} AS s
                     WHERE s.user_id = ${notifications.userId}))
     FROM ${concerts} AS c WHERE c.id = ${notifications.relatedConcertId}) END)`;

export const noticeColumns = {
  id: notifications.id,
  type: notifications.type,
  link: notifications.link,
  isRead: notifications.isRead,
  actorCount: notifications.actorCount,
  artist: sql<
    string | null
  >`(SELECT c.artist FROM ${concerts} AS c WHERE c.id = ${notifications.relatedConcertId})`,
  venue: sql<string | null>`(CASE WHEN ${notifications.type} IN ('friend_going', 'on_sale') THEN
    (SELECT c.venue FROM ${concerts} AS c WHERE c.id = ${notifications.relatedConcertId}) END)`,
  shows: announcedShows,
  reminder: remindedShow,
};

/** The latest person's names, for a read that does not join them itself (the export). */
export const noticeActorNames = sql<NamedUser | null>`(SELECT json_build_object(
    'firstName', u.first_name, 'lastName', u.last_name, 'username', u.username)
   FROM ${users} AS u WHERE u.id = ${notifications.relatedUserId})`;

const isKnownType = (type: string): type is NotificationType =>
  (NOTIFICATION_TYPES as readonly string[]).includes(type);

/** The notice's title and message, from its parts and its latest person. */
export function noticeWords(
  row: {
    type: string;
    actorCount: number;
    artist: string | null;
    venue?: string | null;
    shows: AnnouncedShow[] | null;
    reminder?: RemindedShow | null;
  },
  actor: NamedUser | null,
): { title: string; message: string } {
  // Only the kinds above are written; an unknown one would have no words to show.
  if (!isKnownType(row.type)) return { title: '', message: '' };
  const parts: NoticeParts = { ...row, type: row.type, actor };
  return { title: noticeTitle(parts), message: noticeMessage(parts) };
}
