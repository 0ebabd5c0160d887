import { z } from 'zod';
import {
  REPORT_REASONS,
  REPORT_TARGET_KINDS,
  REPORT_TEXT_MAX,
  USER_LIST_DEFAULT,
  USER_LIST_MAX,
} from '../limits.ts';
import { beforeIdPageQuery, choiceParam, idParam, writtenText } from './common.ts';
import { personFields } from './users.ts';

/** GET, POST and DELETE /api/users/{id}/mute: whether the viewer has muted this person. */
export const muteStateSchema = z.object({ isMuted: z.boolean() }).meta({ id: 'MuteState' });
export type MuteState = z.infer<typeof muteStateSchema>;

/** A person in the viewer's muted list, newest mute first. */
export const mutedPersonSchema = z
  .object({ ...personFields, mutedAt: z.string() })
  .meta({ id: 'MutedPerson' });
export type MutedPerson = z.infer<typeof mutedPersonSchema>;

/** GET /api/users/me/mutes: `before` continues after that person. */
export const muteListQuerySchema = beforeIdPageQuery(USER_LIST_MAX, USER_LIST_DEFAULT);
export type MuteListQuery = z.infer<typeof muteListQuerySchema>;

export type ReportReason = (typeof REPORT_REASONS)[number];
export type ReportTargetKind = (typeof REPORT_TARGET_KINDS)[number];

/** POST /api/reports: what is reported, why, and optionally in the reporter's words. */
export const createReportBodySchema = z.object({
  targetKind: choiceParam('targetKind', REPORT_TARGET_KINDS),
  targetId: idParam('targetId'),
  reason: choiceParam('reason', REPORT_REASONS),
  text: writtenText('text', REPORT_TEXT_MAX).optional(),
});
export type CreateReportBody = z.infer<typeof createReportBodySchema>;

/** The report as its reporter sees it: received, and still open. */
export const reportSchema = z
  .object({
    id: z.uuid(),
    targetKind: z.enum(REPORT_TARGET_KINDS),
    targetId: z.uuid(),
    reason: z.enum(REPORT_REASONS),
    text: z.string().nullable(),
    createdAt: z.string(),
  })
  .meta({ id: 'Report' });
export type Report = z.infer<typeof reportSchema>;
