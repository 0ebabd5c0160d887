import { and, desc, eq, sql } from 'drizzle-orm';
import { executeRows, type Database, type Tx } from '#server/db/index.ts';
import {
  blocks,
  followRequests,
  mutes,
  notifications,
  pushSubscriptions,
  users,
  userSettings,
} from '#server/db/schema.ts';
import type { NamedUser } from '#shared/user-display';
import { noticeActorNames, noticeColumns } from '../notifications/index.ts';

type Db = Database | Tx;

export interface DeviceRow {
  id: string;
  device_label: string | null;
  created_at: string | Date;
  inserted: boolean;
}

/**
 * Keeps a browser's subscription for the person, in one statement: a new endpoint is added
 * only while they have fewer than `cap` devices; an endpoint already known is the same row,
 * its keys refreshed and moved to this person (another account signed in on that browser
 * before). The person's row is taken first (FOR NO KEY UPDATE) so that concurrent adds
 * for one person count one after another. No row: the cap is reached.
 */
export async function upsertDevice(
  tx: Tx,
  device: { userId: string; endpoint: string; p256dh: string; auth: string; label: string | null },
  cap: number,
): Promise<DeviceRow | undefined> {
  await tx.execute(
    sql`SELECT 1 FROM ${users} WHERE ${users.id} = ${device.userId} FOR NO KEY UPDATE`,
  );
  const [row] = await executeRows<DeviceRow>(
    tx,
    sql`INSERT INTO ${pushSubscriptions} (user_id, endpoint, p256dh, auth, device_label)
        SELECT ${device.userId}, ${device.endpoint}, ${device.p256dh}, ${device.auth}, ${device.label}
         WHERE (SELECT count(*) FROM ${pushSubscriptions} AS s WHERE s.user_id = ${device.userId}) < ${cap}
            OR EXISTS (SELECT 1 FROM ${pushSubscriptions} AS s
                        WHERE s.endpoint = ${device.endpoint} AND s.user_id = ${device.userId})
        ON CONFLICT (endpoint) DO UPDATE
           SET user_id = excluded.user_id, p256dh = excluded.p256dh, auth = excluded.auth,
               device_label = excluded.device_label
        RETURNING id, device_label, created_at, (xmax = 0) AS inserted`,
  );
  return row;
}

export function selectDevices(db: Db, userId: string, limit: number) {
  return db
    .select({
      id: pushSubscriptions.id,
      deviceLabel: pushSubscriptions.deviceLabel,
      createdAt: pushSubscriptions.createdAt,
    })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, userId))
    .orderBy(desc(pushSubscriptions.createdAt))
    .limit(limit);
}

/** Removes one of the person's devices; false when they have no such device. */
export async function deleteDevice(db: Db, userId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.id, id), eq(pushSubscriptions.userId, userId)))
    .returning({ id: pushSubscriptions.id });
  return rows.length > 0;
}

/** The devices a push goes to, from push_subscriptions_user_idx. */
export function selectDevicesToSend(db: Db, userId: string, limit: number) {
  return db
    .select({
      id: pushSubscriptions.id,
      endpoint: pushSubscriptions.endpoint,
      p256dh: pushSubscriptions.p256dh,
      auth: pushSubscriptions.auth,
    })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, userId))
    .limit(limit);
}

export async function deleteDeviceById(db: Db, id: string): Promise<void> {
  await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, id));
}

export async function markDelivered(db: Db, id: string): Promise<void> {
  await db
    .update(pushSubscriptions)
    .set({ lastSuccessAt: sql`now()` })
    .where(eq(pushSubscriptions.id, id));
}

/** Each kind's own switch in Settings, read again when the push is sent. */
const kindSwitch = sql<boolean>`(CASE ${notifications.type}
    WHEN 'new_follower' THEN coalesce(${userSettings.newFollowerNotif}, true)
    WHEN 'review_like' THEN coalesce(${userSettings.newLikeNotif}, true)
    WHEN 'review_comment' THEN coalesce(${userSettings.newCommentNotif}, true)
    WHEN 'new_review' THEN coalesce(${userSettings.newReviewNotif}, true)
    WHEN 'friend_going' THEN coalesce(${userSettings.friendsGoingNotif}, true)
    WHEN 'concert_reminder' THEN coalesce(${userSettings.upcomingConcertReminders}, true)
    ELSE true END)`;

/**
 * A notice as its push tells it, when its person wants it pushed: "Push notifications"
 * and the kind's own switch on, unread, and its latest person neither muted by them nor
 * blocked either way (as the notifications list hides such notices). Undefined otherwise.
 */
export async function selectNoticeToPush(db: Db, notificationId: string) {
  const [row] = await db
    .select({
      ...noticeColumns,
      userId: notifications.userId,
      relatedReviewId: notifications.relatedReviewId,
      actor: noticeActorNames,
      timeZone: userSettings.timeZone,
    })
    .from(notifications)
    .leftJoin(userSettings, eq(userSettings.userId, notifications.userId))
    .where(
      and(
        eq(notifications.id, notificationId),
        eq(notifications.isRead, false),
        sql`coalesce(${userSettings.pushNotifications}, true)`,
        kindSwitch,
        sql`(${notifications.relatedUserId} IS NULL OR (
              NOT EXISTS (SELECT 1 FROM ${mutes} AS m
                           WHERE m.muter_id = ${notifications.userId}
                             AND m.muted_id = ${notifications.relatedUserId})
              AND NOT EXISTS (SELECT 1 FROM ${blocks} AS b
                               WHERE (b.blocker_id = ${notifications.userId}
                                      AND b.blocked_id = ${notifications.relatedUserId})
                                  OR (b.blocker_id = ${notifications.relatedUserId}
                                      AND b.blocked_id = ${notifications.userId}))))`,
      ),
    );
  return row;
}

/**
 * A pending follow request as its push tells it, when its person wants it pushed: "Push
 * notifications" and "New followers" on, and the one asking neither muted nor blocked
 * either way. Undefined otherwise (answered or withdrawn since, too).
 */
export async function selectFollowRequestToPush(
  db: Db,
  request: { requesterId: string; targetId: string },
) {
  const [row] = await db
    .select({
      requester: sql<NamedUser>`json_build_object('firstName', ${users.firstName},
                  'lastName', ${users.lastName}, 'username', ${users.username})`,
      timeZone: userSettings.timeZone,
    })
    .from(followRequests)
    .innerJoin(users, eq(users.id, followRequests.requesterId))
    .leftJoin(userSettings, eq(userSettings.userId, followRequests.targetId))
    .where(
      and(
        eq(followRequests.requesterId, request.requesterId),
        eq(followRequests.targetId, request.targetId),
        sql`coalesce(${userSettings.pushNotifications}, true)`,
        sql`coalesce(${userSettings.newFollowerNotif}, true)`,
        sql`NOT EXISTS (SELECT 1 FROM ${mutes} AS m
                         WHERE m.muter_id = ${followRequests.targetId}
                           AND m.muted_id = ${followRequests.requesterId})`,
        sql`NOT EXISTS (SELECT 1 FROM ${blocks} AS b
                         WHERE (b.blocker_id = ${followRequests.targetId}
                                AND b.blocked_id = ${followRequests.requesterId})
                            OR (b.blocker_id = ${followRequests.requesterId}
                                AND b.blocked_id = ${followRequests.targetId}))`,
      ),
    );
  return row;
}
