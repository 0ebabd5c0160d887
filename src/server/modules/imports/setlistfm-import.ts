/**
 * The 'import-setlistfm' job: the shows a setlist.fm user attended, read page by page at
 * the provider's pace. Each page is one transaction: its concerts and setlists stored, its
 * shows marked "I was there", and the import's counts and next page moved on, so a run that
 * stops mid-page does that page again and adds nothing twice. A provider failure throws, the
 * queue retries, and the retry goes on from the page it reached; once the retries are spent
 * the import ends failed, saying so. A run that has gone on for long hands the rest to a new
 * job, so no run outlasts the queue's timeout.
 */
import type { Database } from '#server/db/index.ts';
import type { Writer } from '#server/changes/index.ts';
import { ProviderError } from '#server/integrations/provider-kit.ts';
import type { SetlistFmClient, SetlistDetail } from '#server/integrations/setlistfm.ts';
import type { JobLog, JobRun } from '#server/jobs/queue.ts';
import { todayIso } from '#server/lib/dates.ts';
import {
  advanceImport,
  failImport,
  lockActiveImport,
  markRunning,
  storeAttendedShows,
  type ImportedShow,
} from './queries.ts';
import { SETLISTFM_UNAVAILABLE } from './service.ts';

export interface ImportJobDeps {
  db: Database;
  writer: Writer;
  setlistfm: SetlistFmClient | null;
  log: JobLog;
  /** How long one run of an import job goes on before it hands the rest to a new job. */
  importRunMs: number;
}

/** A call the client's pace refused (no token soon enough, or cooling down after a 429) waits and goes again. */
const PACE_WAIT_MS = 1000;
const PACE_ATTEMPTS = 30;

const unknownUser = (username: string) => `No setlist.fm user is called "${username}"`;

function providerFailed(processed: number, total: number | null): string {
  const sofar = total === null ? '' : `, so ${processed} of ${total} shows were imported`;
  return `setlist.fm did not answer${sofar}; try again later to import the rest`;
}

async function atPace<T>(call: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await call();
    } catch (error) {
      const paced =
        error instanceof ProviderError &&
        (error.failure === 'throttled' || error.failure === 'rate-limited');
      if (!paced || attempt >= PACE_ATTEMPTS) throw error;
      await new Promise((resolve) => setTimeout(resolve, PACE_WAIT_MS));
    }
  }
}

function toShow({ concert, songs, encoreSongs, notes, source }: SetlistDetail): ImportedShow {
  return { concert, setlist: { songs, encoreSongs, notes, source } };
}

export async function runSetlistfmImport(
  deps: ImportJobDeps,
  importId: string,
  run: JobRun,
): Promise<void> {
  const startedAt = Date.now();
  const current = await markRunning(deps.db, importId);
  if (!current) return;
  const { setlistfm } = deps;
  if (!setlistfm) {
    await failImport(deps.db, importId, SETLISTFM_UNAVAILABLE);
    return;
  }
  let page = current.nextPage;
  let processed = current.processed;
  let total = current.total;
  try {
    for (;;) {
      if (Date.now() - startedAt > deps.importRunMs) {
        await handOn(deps, importId, page);
        return;
      }
      const answer = await atPace(() => setlistfm.attendedPage(current.label, page));
      if (!answer && page === 1) {
        await failImport(deps.db, importId, unknownUser(current.label));
        return;
      }
      const today = todayIso();
      const shows = (answer?.setlists ?? [])
        .filter((setlist) => setlist.concert.date <= today)
        .map(toShow);
      const count = answer?.count ?? 0;
      const last = !answer || count === 0 || page * answer.itemsPerPage >= answer.total;
      const stepped = await deps.writer.write(async (tx, changes) => {
        const row = await lockActiveImport(tx, importId, page);
        // Another run did this page meanwhile (a retry beside a run thought dead).
        if (!row) return false;
        const stored = await storeAttendedShows(tx, row.userId, shows);
        if (stored.added > 0) changes.record({ kind: 'concert', concertId: shows[0]!.concert.id });
        await advanceImport(tx, importId, {
          processed: count,
          alreadyInDiary: stored.alreadyInDiary,
          total: answer?.total ?? row.total ?? row.processed,
          nextPage: page + 1,
          done: last,
        });
        return true;
      });
      if (!stepped || last) return;
      processed += count;
      total = answer?.total ?? total;
      page += 1;
    }
  } catch (error) {
    if (run.lastAttempt) await failImport(deps.db, importId, providerFailed(processed, total));
    throw error;
  }
}

/** Queues a new job for the rest of the import, unless another run has moved it on. */
async function handOn(deps: ImportJobDeps, importId: string, page: number): Promise<void> {
  await deps.writer.write(async (tx, changes) => {
    if (!(await lockActiveImport(tx, importId, page))) return;
    await advanceImport(tx, importId, { processed: 0, alreadyInDiary: 0, done: false });
    changes.record({ kind: 'import-queued', importId, source: 'setlistfm' });
  });
}
