/** What people keep out of their own view (mutes), and what they report to an operator. */
import { sql } from 'drizzle-orm';
import {
  check,
  index,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { REPORT_REASONS, REPORT_TARGET_KINDS, REPORT_TEXT_MAX } from '#shared/limits';
import { createdAt, literal, rowId } from './columns.ts';
import { userReference } from './users.ts';

/** The muted person's reviews stay out of the muter's Following timeline; they are not told. */
export const mutes = pgTable(
  'mutes',
  {
    muterId: userReference('muter_id'),
    mutedId: userReference('muted_id'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ name: 'mutes_pkey', columns: [t.muterId, t.mutedId] }),
    check('mutes_not_self', sql`${t.muterId} <> ${t.mutedId}`),
    index('mutes_muter_created_idx').on(t.muterId, t.createdAt.desc(), t.mutedId.desc()),
    index('mutes_muted_idx').on(t.mutedId),
  ],
);

/**
 * A report of a review, a comment or a profile. The target has no foreign key (it is one
 * of three tables): a report outlives a target its author deleted.
 */
export const reports = pgTable(
  'reports',
  {
    id: rowId(),
    reporterId: userReference('reporter_id'),
    targetKind: text('target_kind', { enum: REPORT_TARGET_KINDS }).notNull(),
    targetId: uuid('target_id').notNull(),
    reason: text('reason', { enum: REPORT_REASONS }).notNull(),
    text: text('text'),
    status: text('status', { enum: ['open', 'actioned', 'dismissed'] })
      .notNull()
      .default('open'),
    createdAt: createdAt(),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
  },
  (t) => [
    check('reports_target_kind', sql`${t.targetKind} IN ('review', 'comment', 'user')`),
    check('reports_reason', sql`${t.reason} IN ('spam', 'harassment', 'other')`),
    check('reports_status', sql`${t.status} IN ('open', 'actioned', 'dismissed')`),
    check('reports_text_length', sql`char_length(${t.text}) <= ${literal(REPORT_TEXT_MAX)}`),
    check('reports_resolved', sql`(${t.status} = 'open') = (${t.resolvedAt} IS NULL)`),
    uniqueIndex('reports_open_once_idx')
      .on(t.reporterId, t.targetKind, t.targetId)
      .where(sql`${t.status} = 'open'`),
    index('reports_open_target_idx')
      .on(t.targetKind, t.targetId, t.createdAt)
      .where(sql`${t.status} = 'open'`),
    index('reports_reporter_idx').on(t.reporterId),
  ],
);
