/**
 * A diary CSV file, as sent and as read: the multipart request that carries it (a `file`
 * part, and `preview=true` to only see what it would do), and its rows checked one by one.
 * The columns are those "Export CSV" writes (DIARY_CSV_COLUMNS), in any order and any case;
 * a field the export defused as a formula (a leading `'` before = + - @) reads back as it
 * was, so an export imports back to the same diary. Rows that cannot be imported are
 * refused with their line and the reason; a file that cannot be read at all is a 400.
 */
import { CsvError, parse } from 'csv-parse/sync';
import type { FastifyRequest } from 'fastify';
import { fileNameInMessages } from '#shared/file-names';
import { isCleanText } from '#shared/schemas/common';
import {
  DIARY_CSV_COLUMNS,
  DIARY_CSV_REQUIRED_COLUMNS,
  type RefusedRow,
} from '#shared/schemas/imports';
import type { ImportLimits } from '#server/config.ts';
import type { ImportCsvRow } from '#server/db/schema.ts';
import { badRequest, HttpError } from '#server/http-error.ts';

/** A CSV file as it arrived: its name for the import's label, its bytes, and whether only to preview it. */
export interface CsvUpload {
  name: string;
  bytes: Buffer;
  preview: boolean;
}

const FILE_FIELD = 'file';
const PREVIEW_FIELD = 'preview';
/** The longest artist, venue, city or country a row may name. */
export const CSV_TEXT_MAX = 200;

const megabytes = (bytes: number) => `${Math.round(bytes / (1024 * 1024))} MB`;
const fileTooLarge = (limits: ImportLimits) =>
  new HttpError(413, `The file is larger than ${megabytes(limits.maxCsvBytes)}`);

/** A declared length over the limit is refused before anything is read. */
export function checkDeclaredCsvLength(request: FastifyRequest, limits: ImportLimits): void {
  const declared = Number(request.headers['content-length']);
  // The multipart framing around the file is small; a kilobyte covers it.
  if (Number.isFinite(declared) && declared > limits.maxCsvBytes + 1024) {
    throw fileTooLarge(limits);
  }
}

/** Reads the `file` part (into memory: it is small) and the optional `preview` field. */
export async function receiveCsv(
  request: FastifyRequest,
  limits: ImportLimits,
): Promise<CsvUpload> {
  let upload: { name: string; bytes: Buffer } | undefined;
  let preview = false;
  try {
    const parts = request.parts({
      limits: { fileSize: limits.maxCsvBytes, files: 1, fields: 1, parts: 2, fieldNameSize: 100 },
    });
    for await (const part of parts) {
      if (part.type === 'file' && part.fieldname === FILE_FIELD) {
        const bytes = await part.toBuffer();
        upload = { name: fileNameInMessages(part.filename, 0), bytes };
      } else if (part.type === 'field' && part.fieldname === PREVIEW_FIELD) {
        const value = String(part.value);
        if (value !== 'true' && value !== 'false') {
          throw badRequest(`${PREVIEW_FIELD} must be true or false`);
        }
        preview = value === 'true';
      } else {
        throw badRequest(
          `Send the CSV file in the field '${FILE_FIELD}' (and '${PREVIEW_FIELD}=true' to preview it), nothing else`,
        );
      }
    }
  } catch (error) {
    if (error instanceof HttpError) throw error;
    const code = (error as { code?: unknown }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw fileTooLarge(limits);
    if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') {
      throw badRequest(
        `Send one CSV file in the field '${FILE_FIELD}' (and '${PREVIEW_FIELD}=true' to preview it)`,
      );
    }
    if (code === 'FST_MP_PREMATURE_CLOSE' || request.raw.readableAborted) {
      throw badRequest('The upload ended before its file did');
    }
    throw error;
  }
  if (!upload) throw badRequest(`${FILE_FIELD}: no CSV file was sent in the field '${FILE_FIELD}'`);
  return { ...upload, preview };
}

/** What a file holds: the rows to import and those refused. */
export interface CheckedCsv {
  rows: ImportCsvRow[];
  refused: RefusedRow[];
}

type Column = (typeof DIARY_CSV_COLUMNS)[number];

/** The export writes `'` before a value that starts like a formula: read it back as it was. */
function undefused(value: string): string {
  return /^'[=+\-@]/.test(value) ? value.slice(1) : value;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A real day as YYYY-MM-DD, no later than `today`. */
function isPastDay(value: string, today: string): boolean {
  if (!DAY.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value) && value <= today;
}

/** 0.5 to 5 in halves. */
function isRating(value: string): boolean {
  if (!/^\d(?:\.\d+)?$/.test(value)) return false;
  const rating = Number(value);
  return rating >= 0.5 && rating <= 5 && Number.isInteger(rating * 2);
}

const SETLIST_FM_ID = /^[\w-]{1,64}$/;

/** Reads the header: which field holds each column. A column unknown, missing or named twice is a 400. */
function readHeader(header: string[]): Map<Column, number> {
  const names = header.map((name) => name.trim().toLowerCase());
  const known = new Set<string>(DIARY_CSV_COLUMNS);
  const unknown = names.filter((name) => !known.has(name));
  if (unknown.length > 0) {
    const shown = unknown.map((name) =>
      name === '' ? '(an empty name)' : `"${name.slice(0, 40)}"`,
    );
    throw badRequest(
      `line 1: unknown ${unknown.length === 1 ? 'column' : 'columns'} ${shown.join(', ')}; the columns are ${DIARY_CSV_COLUMNS.join(', ')}`,
    );
  }
  const twice = names.find((name, index) => names.indexOf(name) !== index);
  if (twice) throw badRequest(`line 1: the column ${twice} is named twice`);
  const missing = DIARY_CSV_REQUIRED_COLUMNS.filter((column) => !names.includes(column));
  if (missing.length > 0) {
    throw badRequest(
      `line 1: the header has no ${missing.join(', ')} ${missing.length === 1 ? 'column' : 'columns'} (it needs ${DIARY_CSV_REQUIRED_COLUMNS.join(', ')})`,
    );
  }
  return new Map(names.map((name, index) => [name as Column, index]));
}

/** The row's import, or why it is refused. */
function checkRow(
  fields: string[],
  columns: Map<Column, number>,
  line: number,
  today: string,
): ImportCsvRow | string {
  if (fields.length !== columns.size) {
    return `has ${fields.length} ${fields.length === 1 ? 'field' : 'fields'} where the header has ${columns.size}`;
  }
  const value = (column: Column) => {
    const index = columns.get(column);
    return index === undefined ? '' : undefused((fields[index] ?? '').trim());
  };
  const date = value('date');
  if (date === '') return 'date is missing';
  if (!isPastDay(date, today)) return 'date must be a past day as YYYY-MM-DD';
  for (const column of ['artist', 'venue', 'city', 'country'] as const) {
    const text = value(column);
    if (text === '' && column !== 'country') return `${column} is missing`;
    if (text.length > CSV_TEXT_MAX) return `${column} is longer than ${CSV_TEXT_MAX} characters`;
    if (!isCleanText(text)) return `${column} has characters that are not allowed`;
  }
  const setlistFmId = value('setlist_fm_id');
  if (setlistFmId !== '' && !SETLIST_FM_ID.test(setlistFmId)) {
    return 'setlist_fm_id is not a setlist.fm id';
  }
  const rating = value('rating');
  if (rating !== '' && !isRating(rating)) return 'rating must be from 0.5 to 5 in halves';
  return {
    line,
    date,
    artist: value('artist'),
    venue: value('venue'),
    city: value('city'),
    country: value('country') || null,
    setlistFmId: setlistFmId || null,
  };
}

/** The same show twice in one file is imported once: the later lines are refused, naming the first. */
const showKey = (row: ImportCsvRow) =>
  JSON.stringify([row.date, row.artist, row.venue, row.city].map((part) => part.toLowerCase()));

/**
 * Checks a file's rows. A file that is not CSV, has no header, names columns that are
 * unknown or lacks required ones, or holds more than `maxRows` rows is a 400; each row
 * that cannot be imported is refused with its line (the header is line 1) and why.
 */
export function checkCsv(bytes: Buffer, maxRows: number, today: string): CheckedCsv {
  let records: { record: string[]; info: { lines: number } }[];
  try {
    records = parse(bytes, {
      bom: true,
      info: true,
      skip_empty_lines: true,
      relax_column_count: true,
    }) as unknown as typeof records;
  } catch (error) {
    if (error instanceof CsvError) {
      const line = typeof error.lines === 'number' ? `line ${error.lines}: ` : '';
      throw badRequest(
        `${line}the file is not CSV that can be read (${error.message.slice(0, 200)})`,
      );
    }
    throw error;
  }
  const [header, ...body] = records;
  if (!header || header.record.every((field) => field.trim() === '')) {
    throw badRequest(
      `The file is empty: it needs a header (${DIARY_CSV_COLUMNS.join(',')}) and a line per show`,
    );
  }
  const columns = readHeader(header.record);
  if (body.length > maxRows) {
    throw badRequest(`The file has more than ${maxRows.toLocaleString('en-US')} rows`);
  }
  const rows: ImportCsvRow[] = [];
  const refused: RefusedRow[] = [];
  const firstLineOf = new Map<string, number>();
  for (const { record, info } of body) {
    // The parser tells the line a record ends on; one with line breaks in quotes began earlier.
    const line = info.lines - record.reduce((sum, field) => sum + field.split('\n').length - 1, 0);
    const checked = checkRow(record, columns, line, today);
    if (typeof checked === 'string') {
      refused.push({ line, reason: checked });
      continue;
    }
    const key = showKey(checked);
    const first = firstLineOf.get(key);
    if (first !== undefined) {
      refused.push({ line, reason: `the same show as line ${first}` });
      continue;
    }
    firstLineOf.set(key, line);
    rows.push(checked);
  }
  return { rows, refused };
}
