/**
 * What `npm run reports` shows and does: the open reports, those about the most reported
 * targets first, each with what it is about; and an operator's decision on one, which
 * settles every open report about the same target. Removing a reported review or comment
 * goes through the reviews module, as its author's deletion would (files, notices,
 * counters), in the same transaction as the reports it settles.
 */
import { sql } from 'drizzle-orm';
import type { ReportReason, ReportTargetKind } from '#shared/schemas/moderation';
import type { Writer } from '#server/changes/index.ts';
import { executeRows, type Database, type Tx } from '#server/db/index.ts';
import { reports, reviewComments, reviews, users } from '#server/db/schema.ts';
import { removeCommentAsOperator, removeReviewAsOperator } from '../reviews/index.ts';

export interface OpenReport {
  id: string;
  targetKind: ReportTargetKind;
  targetId: string;
  /** Who wrote it and how it begins; null when it is gone (deleted by its author). */
  target: string | null;
  reason: ReportReason;
  text: string | null;
  reporter: string;
  ageSeconds: number;
  /** Open reports about the same target, this one included. */
  openOnTarget: number;
}

export interface OpenReportList {
  /** Every open report, shown or not. */
  total: number;
  reports: OpenReport[];
}

/** How much of a review or comment the list shows. */
const EXCERPT = 80;

/**
 * The open reports, most reported targets first, then oldest first. The count per target
 * reads every open report (reports_open_target_idx): a backlog an operator works through,
 * not a table that grows without end.
 */
export async function listOpenReports(db: Database, limit = 50): Promise<OpenReportList> {
  const rows = await executeRows<{
    id: string;
    target_kind: ReportTargetKind;
    target_id: string;
    target: string | null;
    reason: ReportReason;
    text: string | null;
    reporter: string | null;
    age: number;
    on_target: number;
    total: number;
  }>(
    db,
    sql`SELECT r.id, r.target_kind, r.target_id, r.reason, r.text,
               reporter.username AS reporter,
               extract(epoch FROM now() - r.created_at)::float8 AS age,
               count(*) OVER (PARTITION BY r.target_kind, r.target_id)::int AS on_target,
               count(*) OVER ()::int AS total,
               CASE r.target_kind
                 WHEN 'review' THEN (
                   SELECT '@' || coalesce(author.username, '?') || ': ' || left(review.review_text, ${EXCERPT})
                     FROM ${reviews} review JOIN ${users} author ON author.id = review.user_id
                    WHERE review.id = r.target_id)
                 WHEN 'comment' THEN (
                   SELECT '@' || coalesce(author.username, '?') || ': ' || left(comment.comment_text, ${EXCERPT})
                     FROM ${reviewComments} comment JOIN ${users} author ON author.id = comment.user_id
                    WHERE comment.id = r.target_id)
                 ELSE (SELECT '@' || coalesce(person.username, '?') FROM ${users} person
                        WHERE person.id = r.target_id)
               END AS target
          FROM ${reports} r JOIN ${users} reporter ON reporter.id = r.reporter_id
         WHERE r.status = 'open'
         ORDER BY on_target DESC, r.target_kind, r.target_id, r.created_at
         LIMIT ${limit}`,
  );
  return {
    total: rows[0]?.total ?? 0,
    reports: rows.map((row) => ({
      id: row.id,
      targetKind: row.target_kind,
      targetId: row.target_id,
      target: row.target,
      reason: row.reason,
      text: row.text,
      reporter: `@${row.reporter ?? '?'}`,
      ageSeconds: Math.round(row.age),
      openOnTarget: row.on_target,
    })),
  };
}

/** A duration as people read it: 42s, 5m, 3h, 2d. */
function age(seconds: number): string {
  if (seconds < 60) return `${seconds}s`;
  if (seconds < 3600) return `${Math.floor(seconds / 60)}m`;
  if (seconds < 86_400) return `${Math.floor(seconds / 3600)}h`;
  return `${Math.floor(seconds / 86_400)}d`;
}

const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim();

export function formatReportList(list: OpenReportList): string {
  if (list.total === 0) return 'No open reports.';
  const lines = [
    `${list.total} open ${list.total === 1 ? 'report' : 'reports'}` +
      (list.reports.length < list.total ? `, the first ${list.reports.length} shown` : '') +
      ':',
  ];
  for (const report of list.reports) {
    const about = report.target === null ? '(gone)' : oneLine(report.target);
    lines.push(
      '',
      `${report.id}  ${report.targetKind} ${report.targetId}  ${report.openOnTarget} open about it`,
      `  about:    ${about}`,
      `  reason:   ${report.reason}${report.text ? ` — ${oneLine(report.text)}` : ''}`,
      `  reporter: ${report.reporter}, ${age(report.ageSeconds)} ago`,
    );
  }
  lines.push(
    '',
    'Act on one (it settles every open report about the same target):',
    '  npm run reports -- dismiss <report id>   nothing to do',
    '  npm run reports -- remove <report id>    delete the reported review or comment',
    '  npm run reports -- resolve <report id>   dealt with some other way (e.g. a profile)',
  );
  return lines.join('\n');
}

export const REPORT_ACTIONS = ['dismiss', 'remove', 'resolve'] as const;
export type ReportAction = (typeof REPORT_ACTIONS)[number];

/** An operator's action that cannot be done; the message says why. */
export class ReportActionError extends Error {}

export interface ReportActionOutcome {
  targetKind: ReportTargetKind;
  targetId: string;
  /** Open reports about the target this settled, the chosen one included. */
  settled: number;
  /** For `remove`: whether the review or comment was there to delete. */
  removed: boolean;
}

async function lockOpenReport(tx: Tx, reportId: string) {
  const [report] = await executeRows<{
    target_kind: ReportTargetKind;
    target_id: string;
    status: string;
  }>(
    tx,
    sql`SELECT target_kind, target_id, status FROM ${reports} WHERE id = ${reportId} FOR UPDATE`,
  );
  if (!report) throw new ReportActionError(`No report has the id ${reportId}`);
  if (report.status !== 'open') {
    throw new ReportActionError(`Report ${reportId} is already ${report.status}`);
  }
  return { targetKind: report.target_kind, targetId: report.target_id };
}

/**
 * Dismisses the report, or removes what it is about (a review or a comment) and marks it
 * actioned, or marks it actioned as dealt with elsewhere: with every other open report
 * about the same target, in one transaction.
 */
export async function actOnReport(
  writer: Writer,
  reportId: string,
  action: ReportAction,
): Promise<ReportActionOutcome> {
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(reportId)) {
    throw new ReportActionError(`${reportId} is not a report id`);
  }
  return writer.write(async (tx, changes) => {
    const { targetKind, targetId } = await lockOpenReport(tx, reportId);
    let removed = false;
    if (action === 'remove') {
      if (targetKind === 'user') {
        throw new ReportActionError(
          'A profile is not removed from here: dismiss the report, or deal with the account and then resolve it',
        );
      }
      removed =
        targetKind === 'review'
          ? await removeReviewAsOperator(tx, changes, targetId)
          : await removeCommentAsOperator(tx, changes, targetId);
    }
    const settled = await executeRows<{ id: string }>(
      tx,
      sql`UPDATE ${reports} SET status = ${action === 'dismiss' ? 'dismissed' : 'actioned'},
                 resolved_at = now()
           WHERE target_kind = ${targetKind} AND target_id = ${targetId} AND status = 'open'
          RETURNING id`,
    );
    return { targetKind, targetId, settled: settled.length, removed };
  });
}
