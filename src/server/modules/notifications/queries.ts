import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { NOTIFICATION_TYPES, type UnreadCount } from '#shared/schemas/notifications';
import type { Database, Tx } from '#server/db/index.ts';
import { concerts, followRequests, notifications, users } from '#server/db/schema.ts';
import { notBlockedBetween } from '../users/index.ts';
import { noticeColumns } from './notice-columns.ts';

type Db = Database | Tx;

/**
 * Notices about someone the person blocked, or who blocked them, are not shown (nor
 * counted) while the block lasts.
 */
const actorNotBlocked = (userId: string) =>
  notBlockedBetween(userId, sql`${notifications}.related_user_id`);

/**
 * What waits for the person, in one statement: unread notices (the partial index on unread
 * rows) and follow requests to answer (follow_requests_target_created_idx). A block ends
 * the requests between the two, so they need no check of their own.
 */
export async function countUnread(db: Db, userId: string): Promise<UnreadCount> {
  const [row] = await db
    .select({
      count: count(),
      followRequests: sql<number>`(SELECT count(*)::int FROM ${followRequests}
                                     WHERE ${followRequests.targetId} = ${userId})`,
    })
    .from(notifications)
    .where(
      and(
        eq(notifications.userId, userId),
        eq(notifications.isRead, false),
        actorNotBlocked(userId),
      ),
    );
  return row ?? { count: 0, followRequests: 0 };
}

const actor = alias(users, 'actor');

/**
 * A person's notices newest first, from notifications_user_created_idx; `before` is the
 * last notice of the previous page (a grouped row moves up when someone joins it, so the
 * cursor is its place now).
 */
export async function selectNotifications(
  db: Db,
  userId: string,
  page: { limit: number; before?: string | undefined },
) {
  const cursor = page.before
    ? sql`(${notifications.createdAt}, ${notifications.id}) < (SELECT n.created_at, n.id FROM ${notifications} AS n WHERE n.id = ${page.before} AND n.user_id = ${userId})`
    : undefined;
  return db
    .select({
      ...noticeColumns,
      relatedReviewId: notifications.relatedReviewId,
      relatedConcertId: notifications.relatedConcertId,
      // Where an on-sale notice's tickets are sold (the row's "Buy tickets").
      ticketUrl: sql<string | null>`(CASE WHEN ${notifications.type} = 'on_sale' THEN
        (SELECT c.ticket_url FROM ${concerts} AS c WHERE c.id = ${notifications.relatedConcertId}) END)`,
      createdAt: notifications.createdAt,
      actorId: actor.id,
      actorUsername: actor.username,
      actorFirstName: actor.firstName,
      actorLastName: actor.lastName,
      actorProfileImageUrl: actor.profileImageUrl,
    })
    .from(notifications)
    .leftJoin(actor, eq(actor.id, notifications.relatedUserId))
    .where(
      and(
        eq(notifications.userId, userId),
        inArray(notifications.type, [...NOTIFICATION_TYPES]),
        actorNotBlocked(userId),
        cursor,
      ),
    )
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(page.limit);
}

export type NotificationRow = Awaited<ReturnType<typeof selectNotifications>>[number];

/** Marks one of the person's notices read; false when they have none with that id. */
export async function markRead(db: Db, userId: string, id: string): Promise<boolean> {
  const rows = await db
    .update(notifications)
    .set({ isRead: true })
    .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
    .returning({ id: notifications.id });
  return rows.length > 0;
}

export async function markAllRead(db: Db, userId: string): Promise<void> {
  await db
    .update(notifications)
    .set({ isRead: true })
    .where(and(eq(notifications.userId, userId), eq(notifications.isRead, false)));
}
