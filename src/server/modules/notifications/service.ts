/** A person's own notices: only they can read them or mark them read. */
import type { Notification, NotificationType, UnreadCount } from '#shared/schemas/notifications';
import { notFound } from '#server/http-error.ts';
import type { SignedInContext } from '#server/lib/service-context.ts';
import { pictureUrl } from '#server/storage/index.ts';
import { noticeWords } from './notice-columns.ts';
import {
  countUnread,
  markAllRead,
  markRead,
  selectNotifications,
  type NotificationRow,
} from './queries.ts';

export const NOTIFICATION_NOT_FOUND = 'Notification not found';

function toNotification(row: NotificationRow): Notification {
  const actor = row.actorId
    ? {
        id: row.actorId,
        username: row.actorUsername,
        firstName: row.actorFirstName,
        lastName: row.actorLastName,
        profileImageUrl: pictureUrl(row.actorProfileImageUrl),
      }
    : null;
  return {
    id: row.id,
    type: row.type as NotificationType,
    ...noticeWords(row, actor),
    // A notice about a review leads to that review's own page (docs/product.md §2).
    link: row.relatedReviewId ? `/reviews/${row.relatedReviewId}` : row.link,
    isRead: row.isRead,
    actorCount: row.actorCount,
    actor,
    relatedReviewId: row.relatedReviewId,
    relatedConcertId: row.relatedConcertId,
    ticketUrl: row.ticketUrl,
    createdAt: row.createdAt.toISOString(),
  };
}

export async function listNotifications(
  ctx: SignedInContext,
  page: { limit: number; before?: string | undefined },
): Promise<Notification[]> {
  const rows = await selectNotifications(ctx.db, ctx.viewerId, page);
  return rows.map(toNotification);
}

export async function unreadCount(ctx: SignedInContext): Promise<UnreadCount> {
  return countUnread(ctx.db, ctx.viewerId);
}

/** Someone else's notice is answered as if it did not exist. */
export async function markNotificationRead(ctx: SignedInContext, id: string): Promise<UnreadCount> {
  const userId = ctx.viewerId;
  if (!(await markRead(ctx.db, userId, id))) throw notFound(NOTIFICATION_NOT_FOUND);
  return countUnread(ctx.db, userId);
}

export async function markAllNotificationsRead(ctx: SignedInContext): Promise<UnreadCount> {
  const userId = ctx.viewerId;
  await markAllRead(ctx.db, userId);
  return countUnread(ctx.db, userId);
}
