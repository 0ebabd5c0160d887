import type { CsvImportPreview } from '#shared/schemas/imports';
import { api } from '#client/lib/api';
import { useApiMutation } from '#client/lib/api-mutation';
import { refreshes } from '#client/lib/refreshes';

/**
 * POST /api/users/me/imports as multipart with `preview` = `true` and the CSV in `file`:
 * what the file would do, nothing written. The field goes before the file, so the server
 * has read it by the time the file's bytes arrive.
 */
export function previewCsvImport(file: File): Promise<CsvImportPreview> {
  const form = new FormData();
  form.append('preview', 'true');
  form.append('file', file, file.name);
  return api.post<CsvImportPreview>('/users/me/imports', form);
}

/** Asks what a CSV file would do. Refusals (a bad header, too many rows) are the form's to show. */
export function usePreviewCsvImport() {
  return useApiMutation({
    send: previewCsvImport,
    refreshes: () => refreshes.csvImportPreviewed(),
  });
}
