import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { ChangeFeed } from './change-feed.ts';
import { createWriter, type Writer } from './writer.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** How services write: one transaction, and what it changed takes effect with it. */
    writer: Writer;
  }
}

/**
 * The app process's writer (`createWriter`), and what other processes' writes change
 * taking effect here: their cached reads drop, their jobs wake this process's workers.
 */
export const changesPlugin = fp(
  async (app: FastifyInstance, options: { feed?: ChangeFeed | undefined }) => {
    const { feed } = options;
    const dropHere = (tags: readonly string[]) => {
      for (const tag of tags) app.responseCache.invalidate(tag);
    };

    app.decorate('writer', createWriter({ db: app.db, jobs: app.jobs, feed, dropHere }));

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
