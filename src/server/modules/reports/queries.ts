/** Report rows: one open report per reporter per target (reports_open_once_idx). */
import { and, eq, sql } from 'drizzle-orm';
import type { ReportReason, ReportTargetKind } from '#shared/schemas/moderation';
import { executeRows, type Database, type Tx } from '#server/db/index.ts';
import { reports, reviewComments, reviews, users } from '#server/db/schema.ts';

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

/** Who wrote the review or comment, or who the profile is; undefined when it does not exist. */
export async function selectTargetOwner(
  db: Db,
  targetKind: ReportTargetKind,
  targetId: string,
): Promise<string | undefined> {
  const owner = {
    review: sql`SELECT ${reviews.userId} AS owner FROM ${reviews} WHERE ${reviews.id} = ${targetId}`,
    comment: sql`SELECT ${reviewComments.userId} AS owner FROM ${reviewComments}
                  WHERE ${reviewComments.id} = ${targetId}`,
    user: sql`SELECT ${users.id} AS owner FROM ${users} WHERE ${users.id} = ${targetId}`,
  }[targetKind];
  const [row] = await executeRows<{ owner: string }>(db, owner);
  return row?.owner;
}
