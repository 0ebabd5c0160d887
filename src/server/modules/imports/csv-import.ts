/**
 * The 'import-csv' job: a file's checked rows, kept on the import, into the importer's
 * diary in one transaction of a few set-based statements: the concerts Encore lacks added
 * as past concerts (with artist and venue pages like any other), every row's concert marked
 * "I was there", and the import ended with its counts. A run that stops changes nothing, so
 * a retry starts over; one that finished leaves the import done, which a retry skips.
 */
import type { JobRun } from '#server/jobs/queue.ts';
import {
  advanceImport,
  failImport,
  insertMissingConcerts,
  lockActiveImport,
  markImportedRows,
  markRunning,
} from './queries.ts';
import type { ImportJobDeps } from './setlistfm-import.ts';

const STOPPED = 'The import stopped on an error; try again later';

export async function runCsvImport(
  deps: Pick<ImportJobDeps, 'db' | 'writer'>,
  importId: string,
  run: JobRun,
): Promise<void> {
  if (!(await markRunning(deps.db, importId))) return;
  try {
    await deps.writer.write(async (tx, changes) => {
      const row = await lockActiveImport(tx, importId);
      if (!row) return;
      const added = await insertMissingConcerts(tx, importId);
      const marked = await markImportedRows(tx, importId, row.userId);
      if (added[0]) changes.record({ kind: 'concert', concertId: added[0] });
      await advanceImport(tx, importId, {
        processed: row.total ?? marked.rows,
        alreadyInDiary: marked.alreadyInDiary,
        done: true,
      });
    });
  } catch (error) {
    if (run.lastAttempt) await failImport(deps.db, importId, STOPPED);
    throw error;
  }
}
