/** Imports into one's diary: the shows a setlist.fm user attended, or a CSV file of them. */
import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { IMPORT_SOURCES, IMPORT_STATUSES, type RefusedRow } from '#shared/schemas/imports';
import { createdAt, rowId, updatedAt } from './columns.ts';
import { userReference } from './users.ts';

/** A CSV row as checked when the file was sent, kept on its import for the job. */
export interface ImportCsvRow {
  line: number;
  date: string;
  artist: string;
  venue: string;
  city: string;
  country: string | null;
  setlistFmId: string | null;
}

/**
 * One import and how far it got. Its job reads the row when it runs and writes its
 * progress in the transaction of the work it counts, so a retry goes on from there.
 * `next_page` is setlist.fm's next page to read; `rows` the CSV's accepted rows.
 * `updated_at` moves with every step: an import queued or running that has not moved for
 * long lost its job, and is failed when its owner starts another.
 */
export const diaryImports = pgTable(
  'diary_imports',
  {
    id: rowId(),
    userId: userReference('user_id'),
    source: text('source', { enum: IMPORT_SOURCES }).notNull(),
    /** The setlist.fm username, or the CSV file's name. */
    label: text('label').notNull(),
    status: text('status', { enum: IMPORT_STATUSES }).notNull().default('queued'),
    total: integer('total'),
    processed: integer('processed').notNull().default(0),
    alreadyInDiary: integer('already_in_diary').notNull().default(0),
    nextPage: integer('next_page').notNull().default(1),
    rows: jsonb('rows').$type<ImportCsvRow[]>(),
    refused: jsonb('refused')
      .$type<RefusedRow[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    message: text('message'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    check('diary_imports_status', sql`${t.status} IN ('queued', 'running', 'done', 'failed')`),
    check('diary_imports_source', sql`${t.source} IN ('setlistfm', 'csv')`),
    // A person's imports, newest first (GET /api/users/me/imports).
    index('diary_imports_user_created_idx').on(t.userId, t.createdAt.desc()),
    // One import at a time per person: of two started at once, the database keeps one.
    uniqueIndex('diary_imports_one_active_idx')
      .on(t.userId)
      .where(sql`${t.status} IN ('queued', 'running')`),
  ],
);
