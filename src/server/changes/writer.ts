import type { Database, Tx } from '../db/index.ts';
import type { JobKind } from '../jobs/kinds.ts';
import type { JobQueue } from '../jobs/queue.ts';
import type { ChangeFeed } from './change-feed.ts';
import { ChangeRecorder, jobsFor, tagsDroppedBy, type Change } from './changes.ts';

export interface Writer {
  /**
   * Runs work in one transaction. The jobs its changes call for are added, and other
   * processes are told what it changed, inside that transaction; once it commits, cached
   * reads here drop and this process's workers wake. Nothing of a failed one happens.
   */
  write<T>(
    work: (tx: Tx, changes: ChangeRecorder) => Promise<T>,
    options?: WriteOptions,
  ): Promise<T>;
}

export interface WriteOptions {
  /**
   * Wakes this process's workers for the kinds of job the write added, instead of at once:
   * a request wakes them once its answer is sent, so its jobs do not run beside its end.
   */
  wake?(kinds: readonly JobKind[]): void;
}

export interface WriterSources {
  db: Database;
  jobs: Pick<JobQueue, 'enqueue' | 'wake'>;
  /** How other processes hear of a write (PostgreSQL only). */
  feed: ChangeFeed | undefined;
  /** Drops this process's cached reads with these tags; a worker process has none. */
  dropHere(tags: readonly string[]): void;
}

const tagsOf = (changes: readonly Change[]) => [...new Set(changes.flatMap(tagsDroppedBy))];

/**
 * The one place a write's changes take effect: its jobs and the notice to other processes
 * go in its transaction (PostgreSQL delivers a NOTIFY at commit), cached reads here drop
 * after it commits. Requests write through it, and so do jobs whose work readers see, in
 * an app process or a worker process.
 */
export function createWriter({ db, jobs, feed, dropHere }: WriterSources): Writer {
  return {
    async write(work, options) {
      const recorder = new ChangeRecorder();
      let jobKinds: JobKind[] = [];
      const result = await db.transaction(async (tx) => {
        const answer = await work(tx, recorder);
        const queued = recorder.changes.flatMap(jobsFor);
        await jobs.enqueue(tx, queued);
        jobKinds = queued.map((job) => job.kind);
        await feed?.publishIn(tx, { tags: tagsOf(recorder.changes), jobs: jobKinds });
        return answer;
      });
      dropHere(tagsOf(recorder.changes));
      if (options?.wake) options.wake(jobKinds);
      else jobs.wake(jobKinds);
      return result;
    },
  };
}
