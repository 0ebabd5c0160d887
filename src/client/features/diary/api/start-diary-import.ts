import type { DiaryImport, SetlistfmImportRequest } from '#shared/schemas/imports';
import { api } from '#client/lib/api';
import { cacheSet, useApiMutation } from '#client/lib/api-mutation';
import { refreshes } from '#client/lib/refreshes';
import { diaryKeys } from './keys';

/** An import to start: a setlist.fm user's attended shows, or a CSV file of shows. */
export type DiaryImportRequest = SetlistfmImportRequest | { source: 'csv'; file: File };

/**
 * POST /api/users/me/imports: JSON `{ source: "setlistfm", username }`, or multipart with the
 * CSV in the part `file`; either answers 202 and the import, which a job then runs.
 */
export function startDiaryImport(request: DiaryImportRequest): Promise<DiaryImport> {
  if (request.source === 'setlistfm') return api.post<DiaryImport>('/users/me/imports', request);
  const form = new FormData();
  form.append('file', request.file, request.file.name);
  return api.post<DiaryImport>('/users/me/imports', form);
}

/**
 * Starts an import. Its answer is the first copy of the import the page follows; the list of
 * imports is asked for again either way (a 409 means another one runs, which the list holds).
 * Refusals are the form's to show.
 */
export function useStartDiaryImport() {
  return useApiMutation({
    send: startDiaryImport,
    refreshes: () => refreshes.diaryImportStarted(),
    answered: (started) => [cacheSet(diaryKeys.import(started.id), started)],
  });
}
