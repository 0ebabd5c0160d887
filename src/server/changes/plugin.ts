import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { ChangeFeed } from './change-feed.ts';
import { tagsDroppedBy, type Change } from './changes.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** What committed writes changed takes effect: cached reads drop here and on every instance. */
    applyChanges(changes: readonly Change[]): Promise<void>;
  }
}

/**
 * The one place committed changes take effect: cached reads drop, here and (through the
 * feed, on PostgreSQL) on every other instance, and released files are removed.
 */
export const changesPlugin = fp(
  async (app: FastifyInstance, options: { feed?: ChangeFeed | undefined }) => {
    const { feed } = options;
    const dropHere = (tags: readonly string[]) => {
      for (const tag of tags) app.responseCache.invalidate(tag);
    };

    app.decorate('applyChanges', async (changes: readonly Change[]) => {
      const released = changes.flatMap((change) =>
        change.kind === 'files-released' ? change.keys : [],
      );
      if (released.length > 0) {
        // The rows are gone; a file left behind by a failure here is only disk space.
        await app.fileStore
          .remove(released)
          .catch((error: unknown) => app.log.warn({ err: error }, 'could not remove files'));
      }
      const tags = [...new Set(changes.flatMap(tagsDroppedBy))];
      if (tags.length === 0) return;
      dropHere(tags);
      // Not awaited: the writer's answer need not wait for the other instances to hear.
      feed?.publish(tags).catch((error: unknown) => {
        // The write stands; other instances' copies run out within the cache's lifetime.
        app.log.warn({ err: error }, 'could not tell other instances about a change');
      });
    });

    if (feed) {
      let stop: (() => Promise<void>) | undefined;
      app.addHook('onReady', async () => {
        stop = await feed.subscribe({
          onTags: dropHere,
          onGap: () => app.responseCache.clear(),
          onError: (error) => app.log.warn({ err: error }, 'change feed connection failed'),
        });
      });
      app.addHook('onClose', async () => stop?.());
    }
  },
  { name: 'changes', dependencies: ['response-cache', 'storage'] },
);
