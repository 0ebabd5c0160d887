/**
 * Reports: anyone signed in may report a review, a comment or a profile of someone else,
 * with a reason and a few words, for an operator to act on (`npm run reports`, operator.ts).
 * A person has one open report per target: reporting it again answers that report. Reports
 * count against an hourly allowance, repeats included, decided in one statement
 * (lib/throttle.ts), so parallel requests cannot all pass.
 */
import type { CreateReportBody, Report, ReportTargetKind } from '#shared/schemas/moderation';
import { badRequest, notFound, tooManyRequests } from '#server/http-error.ts';
import type { SignedInContext } from '#server/lib/service-context.ts';
import { createThrottle } from '#server/lib/throttle.ts';
import { insertReport, selectOpenReport, selectTargetOwner, type ReportRow } from './queries.ts';

const HOUR_MS = 60 * 60 * 1000;

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
  const decision = await createThrottle(ctx.db).attempt([
    {
      // As account/throttle-keys.ts names it, so the key goes with the account.
      key: `reports:${reporterId}`,
      limit: limits.reportsPerHour,
      windowMs: HOUR_MS,
      maxWindowMs: HOUR_MS,
    },
  ]);
  if (!decision.allowed) throw tooManyRequests('reports', decision.retryAfterMs);

  const { targetKind, targetId } = body;
  const owner = await selectTargetOwner(ctx.db, targetKind, targetId);
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
