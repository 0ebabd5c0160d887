/**
 * Imports into one's diary (docs/product.md §2 "Diary"): the shows a setlist.fm user
 * attended, or a CSV file of shows. Starting one writes its row and its job in one
 * transaction; the job (setlistfm-import.ts, csv-import.ts) does the work and keeps the
 * row's progress, which the import page reads. A person has at most one import queued or
 * running (the database decides: a second is 409), and starts at most so many a day (429).
 */
import {
  setlistfmImportRequestSchema,
  type CsvImportPreview,
  type DiaryImport,
  type ImportSource,
  type RefusedRow,
} from '#shared/schemas/imports';
import type { ImportLimits } from '#server/config.ts';
import type { ImportCsvRow } from '#server/db/schema.ts';
import {
  badRequest,
  conflict,
  HttpError,
  notFound,
  sqlState,
  tooManyRequests,
} from '#server/http-error.ts';
import { todayIso } from '#server/lib/dates.ts';
import type { SignedInContext } from '#server/lib/service-context.ts';
import { createThrottle } from '#server/lib/throttle.ts';
import { checkCsv, type CsvUpload } from './csv.ts';
import {
  countMatchedRows,
  failStaleImport,
  insertImport,
  selectOwnImport,
  selectOwnImports,
  type ImportSummary,
} from './queries.ts';

export const IMPORT_RUNNING = 'An import is already running';
export const SETLISTFM_UNAVAILABLE =
  'Import from setlist.fm is not available here: this Encore has no setlist.fm API key';
const IMPORT_NOT_FOUND = 'Import not found';
/** One's imports the import page shows. */
const LATEST_IMPORTS = 10;
const DAY_MS = 24 * 60 * 60 * 1000;
/**
 * An import queued or running that has not moved for this long lost its job (every step
 * moves it, and a step takes far less): it is failed when its owner starts another.
 */
const STALE_AFTER = '30 minutes';
const STALE_MESSAGE = 'This import stopped before it was done; start it again to finish it';

export function toImport(row: ImportSummary): DiaryImport {
  return {
    id: row.id,
    source: row.source,
    label: row.label,
    status: row.status,
    total: row.total,
    processed: row.processed,
    alreadyInDiary: row.alreadyInDiary,
    refused: row.refused,
    message: row.message,
    createdAt: row.createdAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
  };
}

/**
 * Writes the import and its job. The partial unique index keeps one import queued or
 * running per person, so of two started at once one is 409; the day's count is taken in
 * the same transaction, so an import refused for either reason is not counted.
 */
async function startImport(
  ctx: SignedInContext,
  limits: ImportLimits,
  values: {
    source: ImportSource;
    label: string;
    total: number | null;
    rows: ImportCsvRow[] | null;
    refused: RefusedRow[];
  },
): Promise<DiaryImport> {
  const userId = ctx.viewerId;
  try {
    return await ctx.write(async (tx, changes) => {
      await failStaleImport(tx, userId, STALE_AFTER, STALE_MESSAGE);
      const row = await insertImport(tx, { userId, ...values });
      const decision = await createThrottle(tx).attempt([
        {
          key: `imports:${userId}`,
          limit: limits.perUserPerDay,
          windowMs: DAY_MS,
          maxWindowMs: DAY_MS,
        },
      ]);
      if (!decision.allowed) {
        throw tooManyRequests(
          `imports today (at most ${limits.perUserPerDay} a day)`,
          decision.retryAfterMs,
        );
      }
      changes.record({ kind: 'import-queued', importId: row.id, source: values.source });
      return toImport(row);
    });
  } catch (error) {
    if (sqlState(error) === '23505') throw conflict(IMPORT_RUNNING);
    throw error;
  }
}

/** POST /api/users/me/imports as JSON: `{ source: 'setlistfm', username }`. */
export async function startSetlistfmImport(
  ctx: SignedInContext,
  limits: ImportLimits,
  body: unknown,
): Promise<DiaryImport> {
  if (!ctx.providers.setlistfm) throw new HttpError(503, SETLISTFM_UNAVAILABLE);
  const parsed = setlistfmImportRequestSchema.safeParse(body);
  if (!parsed.success) {
    const [issue] = parsed.error.issues;
    const field = issue?.path.join('.');
    throw badRequest(
      field
        ? `Invalid body field '${field}': ${issue?.message ?? 'is invalid'}`
        : 'Send { "source": "setlistfm", "username": … } as JSON, or a CSV file as multipart/form-data',
    );
  }
  return startImport(ctx, limits, {
    source: 'setlistfm',
    label: parsed.data.username,
    total: null,
    rows: null,
    refused: [],
  });
}

/** What a CSV file would do: its rows, the concerts new to Encore and those matched, and the lines refused. */
export async function previewCsvImport(
  ctx: SignedInContext,
  limits: ImportLimits,
  upload: CsvUpload,
): Promise<CsvImportPreview> {
  const { rows, refused } = checkCsv(upload.bytes, limits.maxCsvRows, todayIso());
  const matched = await countMatchedRows(ctx.db, rows);
  return {
    rows: rows.length,
    newConcerts: rows.length - matched,
    matchedConcerts: matched,
    refused,
  };
}

/** POST /api/users/me/imports with a CSV file: its rows checked now, imported by the job. */
export async function startCsvImport(
  ctx: SignedInContext,
  limits: ImportLimits,
  upload: CsvUpload,
): Promise<DiaryImport> {
  const { rows, refused } = checkCsv(upload.bytes, limits.maxCsvRows, todayIso());
  if (rows.length === 0) {
    const first = refused[0];
    throw badRequest(
      first
        ? `No row of the file can be imported (line ${first.line}: ${first.reason})`
        : 'The file has a header but no shows',
    );
  }
  return startImport(ctx, limits, {
    source: 'csv',
    label: upload.name,
    total: rows.length,
    rows,
    refused,
  });
}

/** GET /api/users/me/imports/{id}: one's own import; someone else's is not found. */
export async function getImport(ctx: SignedInContext, id: string): Promise<DiaryImport> {
  const row = await selectOwnImport(ctx.db, ctx.viewerId, id);
  if (!row) throw notFound(IMPORT_NOT_FOUND);
  return toImport(row);
}

/** GET /api/users/me/imports: one's latest imports, newest first. */
export async function listImports(ctx: SignedInContext): Promise<DiaryImport[]> {
  const rows = await selectOwnImports(ctx.db, ctx.viewerId, LATEST_IMPORTS);
  return rows.map(toImport);
}
