import type { CsvImportPreview, DiaryImport, RefusedRow } from '#shared/schemas/imports';
import { pluralize } from '#client/lib/utils';

/** Refused rows listed on screen; the rest are counted ("and 12 more"). */
export const REFUSED_SHOWN_MAX = 50;

/** Queued or running: the page keeps asking how far it got. */
export const isUnderway = (diaryImport: Pick<DiaryImport, 'status'>) =>
  diaryImport.status === 'queued' || diaryImport.status === 'running';

/**
 * What the live region says of an import: how far it got while it runs ("Imported 120 of 340
 * shows"; before setlist.fm's first page tells the total, that it is starting), the end once
 * done ("340 shows imported, 12 already in your diary"), nothing once failed (the failure is
 * an alert of its own).
 */
export function importStatusText(diaryImport: DiaryImport): string {
  switch (diaryImport.status) {
    case 'queued':
      return 'Starting the import…';
    case 'running':
      return diaryImport.total === null
        ? 'Starting the import…'
        : `Imported ${diaryImport.processed} of ${diaryImport.total} shows`;
    case 'done':
      return `${pluralize(diaryImport.processed, 'show')} imported, ${diaryImport.alreadyInDiary} already in your diary`;
    case 'failed':
      return '';
  }
}

/** Where an import reads from: "setlist.fm: robin" or the file's name. */
export const importSourceText = (diaryImport: Pick<DiaryImport, 'source' | 'label'>) =>
  diaryImport.source === 'setlistfm' ? `setlist.fm: ${diaryImport.label}` : diaryImport.label;

/**
 * What a CSV file would do: "332 rows to import: 12 new concerts, 320 matched to existing
 * concerts; 8 refused". The rows to import are the new and the matched; the refused are apart.
 */
export function previewText(preview: CsvImportPreview): string {
  return `${pluralize(preview.rows, 'row')} to import: ${pluralize(preview.newConcerts, 'new concert')}, ${preview.matchedConcerts} matched to existing concerts; ${preview.refused.length} refused`;
}

/** A refused row as listed: "Line 7: the date is not a date"; setlist.fm's shows have no lines. */
export const refusedRowText = (row: RefusedRow, source: DiaryImport['source'] = 'csv') =>
  source === 'csv' ? `Line ${row.line}: ${row.reason}` : row.reason;
