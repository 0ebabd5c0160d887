/**
 * What a notice says, as its list and the data export show it. Kept apart from queries.ts,
 * whose reads apply the users module's blocks: the users module writes notices through
 * this module's index.ts, so nothing that index exports may import the users module.
 */
import { notifications } from '#server/db/schema.ts';

export const noticeColumns = {
  id: notifications.id,
  type: notifications.type,
  title: notifications.title,
  message: notifications.message,
  link: notifications.link,
  isRead: notifications.isRead,
  actorCount: notifications.actorCount,
};
