/**
 * A diary as CSV, the file "Export CSV" downloads and a CSV import reads back: the columns
 * of DIARY_CSV_COLUMNS, one line per show. Shared, so the import's tests write exactly what
 * the page exports.
 */
import type { DiaryShow } from './schemas/diary.ts';
import { DIARY_CSV_COLUMNS } from './schemas/imports.ts';

/** A CSV field: quoted when it holds a comma, a quote or a line break; a formula's lead defused. */
function field(value: string | number | null): string {
  if (value === null) return '';
  let text = String(value);
  if (/^[=+\-@]/.test(text) && typeof value === 'string') text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** A setlist.fm concert's own id: the part after `sfm_` of the ones imported from there. */
const setlistFmId = (concertId: string) =>
  concertId.startsWith('sfm_') ? concertId.slice('sfm_'.length) : null;

/** The shows as CSV (RFC 4180, CRLF line ends), a header row first. */
export function diaryCsv(shows: readonly DiaryShow[]): string {
  const lines = [DIARY_CSV_COLUMNS.join(',')];
  for (const show of shows) {
    lines.push(
      [
        show.date,
        show.artist,
        show.venue,
        show.city,
        show.country,
        setlistFmId(show.id),
        show.rating,
      ]
        .map(field)
        .join(','),
    );
  }
  return `${lines.join('\r\n')}\r\n`;
}
