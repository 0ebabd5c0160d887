import { sql } from 'drizzle-orm';
import { executeRows, type Database } from '#server/db/index.ts';
import { followRequests, notifications, timelineEntries } from '#server/db/schema.ts';

/** At most this many reviews are told again to a page that comes back. */
export const MISSED_REVIEWS_MAX = 50;

/**
 * What reached a person since `since`: whether their notices or follow requests changed
 * (notifications_user_created_idx, follow_requests_target_created_idx) and the newest
 * reviews of their timeline (its key), newest first. A notice only read since is not
 * counted: the page reads the badge again when it comes back anyway.
 */
export async function missedSince(
  db: Database,
  userId: string,
  since: Date,
): Promise<{ notices: boolean; reviewIds: string[] }> {
  const [row] = await executeRows<{ notices: boolean; review_ids: string[] | null }>(
    db,
    sql`
    SELECT EXISTS (SELECT 1 FROM ${notifications}
                    WHERE ${notifications.userId} = ${userId} AND ${notifications.createdAt} > ${since.toISOString()}::timestamptz)
        OR EXISTS (SELECT 1 FROM ${followRequests}
                    WHERE ${followRequests.targetId} = ${userId} AND ${followRequests.createdAt} > ${since.toISOString()}::timestamptz)
           AS notices,
           ARRAY(SELECT ${timelineEntries.reviewId} FROM ${timelineEntries}
                  WHERE ${timelineEntries.userId} = ${userId} AND ${timelineEntries.createdAt} > ${since.toISOString()}::timestamptz
                  ORDER BY ${timelineEntries.createdAt} DESC
                  LIMIT ${MISSED_REVIEWS_MAX}) AS review_ids`,
  );
  return { notices: row?.notices ?? false, reviewIds: row?.review_ids ?? [] };
}
