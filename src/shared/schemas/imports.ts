/**
 * Imports into one's diary: the shows one attended on setlist.fm, or a CSV file of them.
 * An import runs as a job; its row says how far it got, so the page shows progress and a
 * second try finishes what the first left.
 */
import { z } from 'zod';
import { text } from './common.ts';

export const IMPORT_SOURCES = ['setlistfm', 'csv'] as const;
export type ImportSource = (typeof IMPORT_SOURCES)[number];

/** queued → running → done, or failed (with a message) once its retries are spent. */
export const IMPORT_STATUSES = ['queued', 'running', 'done', 'failed'] as const;
export type ImportStatus = (typeof IMPORT_STATUSES)[number];

/** Rows a CSV file may hold, its header not counted. */
export const IMPORT_CSV_MAX_ROWS = 5000;

/** The columns of a diary CSV, in the order "Export CSV" writes them; the first four are required. */
export const DIARY_CSV_COLUMNS = [
  'date',
  'artist',
  'venue',
  'city',
  'country',
  'setlist_fm_id',
  'rating',
] as const;
export const DIARY_CSV_REQUIRED_COLUMNS = ['date', 'artist', 'venue', 'city'] as const;

/** setlist.fm usernames are short; this bounds what reaches their API. */
export const SETLISTFM_USERNAME_MAX = 100;

/** POST /api/users/me/imports as JSON: the shows a setlist.fm user marked "I was there". */
export const setlistfmImportRequestSchema = z.object({
  source: z.literal('setlistfm', { error: 'source must be "setlistfm" (or send a CSV file)' }),
  username: text('username')
    .trim()
    .min(1, 'username is required')
    .max(SETLISTFM_USERNAME_MAX, `username is at most ${SETLISTFM_USERNAME_MAX} characters`),
});
export type SetlistfmImportRequest = z.infer<typeof setlistfmImportRequestSchema>;

/** A CSV row that was not imported: its line in the file (the header is line 1), and why. */
export const refusedRowSchema = z.object({
  line: z.number().int(),
  reason: z.string(),
});
export type RefusedRow = z.infer<typeof refusedRowSchema>;

/**
 * What a CSV file would do, answered to POST /api/users/me/imports with `preview=true`:
 * its rows, those that name a concert not yet in Encore (created as a past concert), those
 * matched to an existing one, and those refused.
 */
export const csvImportPreviewSchema = z
  .object({
    rows: z.number().int(),
    newConcerts: z.number().int(),
    matchedConcerts: z.number().int(),
    refused: z.array(refusedRowSchema),
  })
  .meta({ id: 'CsvImportPreview' });
export type CsvImportPreview = z.infer<typeof csvImportPreviewSchema>;

/**
 * GET /api/users/me/imports/{id}: how an import stands. `total` is the shows it will go
 * through (null until setlist.fm's first page told it); `processed` those gone through so
 * far, of which `alreadyInDiary` were marked before.
 */
export const importSchema = z
  .object({
    id: z.string(),
    source: z.enum(IMPORT_SOURCES),
    /** The setlist.fm username, or the CSV file's name. */
    label: z.string(),
    status: z.enum(IMPORT_STATUSES),
    total: z.number().int().nullable(),
    processed: z.number().int(),
    alreadyInDiary: z.number().int(),
    refused: z.array(refusedRowSchema),
    /** Why it failed, in words for the person; null unless failed. */
    message: z.string().nullable(),
    createdAt: z.string(),
    finishedAt: z.string().nullable(),
  })
  .meta({ id: 'DiaryImport' });
export type DiaryImport = z.infer<typeof importSchema>;

/** GET /api/users/me/imports: one's latest imports, newest first (the page resumes showing them). */
export const importListSchema = z.array(importSchema);
