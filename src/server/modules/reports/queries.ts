/** Report rows: one open report per reporter per target (reports_open_once_idx). */
import { and, eq, sql } from 'drizzle-orm';
import type { ReportReason, ReportTargetKind } from '#shared/schemas/moderation';
import { executeRows, type Database, type Tx } from '#server/db/index.ts';
import { reports, reviewComments, reviews, users } from '#server/db/schema.ts';
import { authorVisibleTo, hasBlocked, notBlockedBetween } from '../users/index.ts';

type Db = Database | Tx;

export interface NewReport {
  reporterId: string;
  targetKind: ReportTargetKind;
  targetId: string;
  reason: ReportReason;
  text: string | null;
}

const reportColumns = {
  id: reports.id,
  targetKind: reports.targetKind,
  targetId: reports.targetId,
  reason: reports.reason,
  text: reports.text,
  createdAt: reports.createdAt,
};

export type ReportRow = Awaited<ReturnType<typeof insertReport>>;

/** The new report; undefined when this person already has one open about the target. */
export async function insertReport(db: Db, report: NewReport) {
  const [row] = await db
    .insert(reports)
    .values(report)
    .onConflictDoNothing({
      target: [reports.reporterId, reports.targetKind, reports.targetId],
      where: sql`${reports.status} = 'open'`,
    })
    .returning(reportColumns);
  return row;
}

/** This person's open report about the target, if any. */
export async function selectOpenReport(
  db: Db,
  reporterId: string,
  targetKind: ReportTargetKind,
  targetId: string,
) {
  const [row] = await db
    .select(reportColumns)
    .from(reports)
    .where(
      and(
        eq(reports.reporterId, reporterId),
        eq(reports.targetKind, targetKind),
        eq(reports.targetId, targetId),
        eq(reports.status, 'open'),
      ),
    );
  return row;
}

/**
 * Who wrote the review or comment, or who the profile is; undefined when it does not exist
 * or the reporter cannot read it, so a report tells nothing a read would not: a review
 * whose author's content the reporter may not see (users/visibility.ts), a comment under
 * such a review or by someone across a block from the reporter (as the comment list hides
 * it), or the profile of someone who blocked the reporter.
 */
export async function selectTargetOwner(
  db: Db,
  reporterId: string,
  targetKind: ReportTargetKind,
  targetId: string,
): Promise<string | undefined> {
  const owner = {
    review: sql`SELECT r.user_id AS owner FROM ${reviews} r
                 WHERE r.id = ${targetId} AND ${authorVisibleTo(reporterId, sql`r.user_id`)}`,
    comment: sql`SELECT c.user_id AS owner FROM ${reviewComments} c
                   JOIN ${reviews} r ON r.id = c.review_id
                  WHERE c.id = ${targetId} AND ${authorVisibleTo(reporterId, sql`r.user_id`)}
                    AND ${notBlockedBetween(reporterId, sql`c.user_id`)}`,
    user: sql`SELECT u.id AS owner FROM ${users} u
               WHERE u.id = ${targetId} AND NOT ${hasBlocked(sql`u.id`, reporterId)}`,
  }[targetKind];
  const [row] = await executeRows<{ owner: string }>(db, owner);
  return row?.owner;
}
