import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Tx } from '../db/index.ts';
import type { JobKind } from '../jobs/kinds.ts';
import type { ChangeFeed } from './change-feed.ts';
import { ChangeRecorder, jobsFor, tagsDroppedBy, type Change } from './changes.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** How services write: one transaction, and what it changed takes effect with it. */
    writer: Writer;
  }
}

export interface Writer {
  /**
   * Runs work in one transaction. The jobs its changes call for are added, and other
   * processes are told what it changed, inside that transaction; once it commits, cached
   * reads here drop and this process's workers wake. Nothing of a failed one happens.
   */
  write<T>(work: (tx: Tx, changes: ChangeRecorder) => Promise<T>): Promise<T>;
}

const tagsOf = (changes: readonly Change[]) => [...new Set(changes.flatMap(tagsDroppedBy))];

/**
 * The one place a write's changes take effect: its jobs and the notice to other processes
 * go in its transaction (PostgreSQL delivers a NOTIFY at commit), cached reads here drop
 * after it commits.
 */
export const changesPlugin = fp(
  async (app: FastifyInstance, options: { feed?: ChangeFeed | undefined }) => {
    const { feed } = options;
    const dropHere = (tags: readonly string[]) => {
      for (const tag of tags) app.responseCache.invalidate(tag);
    };

    const committed = (changes: readonly Change[], jobKinds: readonly JobKind[]) => {
      dropHere(tagsOf(changes));
      app.jobs.wake(jobKinds);
    };

    app.decorate('writer', {
      async write(work) {
        const recorder = new ChangeRecorder();
        let jobKinds: JobKind[] = [];
        const result = await app.db.transaction(async (tx) => {
          const answer = await work(tx, recorder);
          const jobs = recorder.changes.flatMap(jobsFor);
          await app.jobs.enqueue(tx, jobs);
          jobKinds = jobs.map((job) => job.kind);
          await feed?.publishIn(tx, { tags: tagsOf(recorder.changes), jobs: jobKinds });
          return answer;
        });
        committed(recorder.changes, jobKinds);
        return result;
      },
    } satisfies Writer);

    if (feed) {
      let stop: (() => Promise<void>) | undefined;
      app.addHook('onReady', async () => {
        stop = await feed.subscribe({
          onTags: dropHere,
          onJobs: (kinds) => app.jobs.wake(kinds),
          onGap: () => app.responseCache.clear(),
          onError: (error) => app.log.warn({ err: error }, 'change feed connection failed'),
        });
      });
      app.addHook('onClose', async () => stop?.());
    }
  },
  { name: 'changes', dependencies: ['database', 'response-cache', 'jobs'] },
);
