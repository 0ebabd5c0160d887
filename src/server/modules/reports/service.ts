/**
 * Reports: anyone signed in may report a review, a comment or a profile of someone else,
 * with a reason and a few words, for an operator to act on (`npm run reports`, operator.ts).
 * Only what the reporter can read can be reported: anything else answers as an unknown id.
 * A person has one open report per target: reporting it again answers that report. Reports
 * count against an hourly allowance, repeats included, decided in one statement
 * (lib/throttle.ts), so parallel requests cannot all pass.
 */
import type { CreateReportBody, Report, ReportTargetKind } from '#shared/schemas/moderation';
import { badRequest, notFound } from '#server/http-error.ts';
import type { SignedInContext } from '#server/lib/service-context.ts';
import { countOrRefuse, hourlyRule } from '#server/lib/throttle.ts';
import { insertReport, selectOpenReport, selectTargetOwner, type ReportRow } from './queries.ts';

const NOT_FOUND: Record<ReportTargetKind, string> = {
  review: 'Review not found',
  comment: 'Comment not found',
  user: 'User not found',
};

const OWN: Record<ReportTargetKind, string> = {
  review: 'You cannot report your own review',
  comment: 'You cannot report your own comment',
  user: 'You cannot report yourself',
};

function toReport(row: NonNullable<ReportRow>): Report {
  return { ...row, createdAt: row.createdAt.toISOString() };
}

/** POST /api/reports: `created` is false when the person had already reported it. */
export async function createReport(
  ctx: SignedInContext,
  body: CreateReportBody,
  limits: { reportsPerHour: number },
): Promise<{ report: Report; created: boolean }> {
  const reporterId = ctx.viewerId;
  // As account/throttle-keys.ts names it, so the key goes with the account.
  await countOrRefuse(ctx.db, 'reports', [
    hourlyRule(`reports:${reporterId}`, limits.reportsPerHour),
  ]);

  const { targetKind, targetId } = body;
  const owner = await selectTargetOwner(ctx.db, reporterId, targetKind, targetId);
  if (owner === undefined) throw notFound(NOT_FOUND[targetKind]);
  if (owner === reporterId) throw badRequest(OWN[targetKind]);

  return ctx.write(async (tx) => {
    const report = {
      reporterId,
      targetKind,
      targetId,
      reason: body.reason,
      text: body.text || null,
    };
    const inserted = await insertReport(tx, report);
    if (inserted) return { report: toReport(inserted), created: true };
    // Already reported and still open (perhaps by a request in parallel, which this one
    // waited for): that report stands as it was sent.
    const open = await selectOpenReport(tx, reporterId, targetKind, targetId);
    if (!open) throw new Error('A report conflicted with an open report that is not there');
    return { report: toReport(open), created: false };
  });
}
