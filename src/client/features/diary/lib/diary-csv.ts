import type { DiaryShow } from '#shared/schemas/diary';
import { DIARY_CSV_COLUMNS } from '#shared/schemas/imports';

export { DIARY_CSV_COLUMNS };

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

/** Offers `csv` as a file download named `name`. */
export function downloadCsv(name: string, csv: string): void {
  const url = URL.createObjectURL(new Blob([csv], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}
