/**
 * How instances sharing one PostgreSQL database tell each other which cached reads a
 * write made stale: NOTIFY on one channel, each instance LISTENing on a connection of its
 * own. PostgreSQL delivers a notice to every listener within milliseconds; an instance
 * that lost its connection may have missed some, so after reconnecting it drops all.
 */
import { randomUUID } from 'node:crypto';
import pg from 'pg';

export interface ChangeFeedListener {
  /** Cache tags another instance dropped. */
  onTags(tags: string[]): void;
  /** Notices may have been missed (the connection was lost and is back). */
  onGap(): void;
  onError(error: unknown): void;
}

export interface ChangeFeed {
  /** Tells the other instances, batched with tags published just before or after; resolves once sent. */
  publish(tags: readonly string[]): Promise<void>;
  /** Starts listening; resolves to the function that stops. */
  subscribe(listener: ChangeFeedListener): Promise<() => Promise<void>>;
}

const CHANNEL = 'encore_cache_tags';
/** A NOTIFY payload must stay under 8,000 bytes. */
const MAX_TAGS_BYTES = 6_000;
const RECONNECT_DELAY_MS = 1_000;
/**
 * Tags published within this long go out as one notice: a burst of writes (800 likes a
 * second) costs PostgreSQL a few notices instead of one statement each.
 */
const PUBLISH_BATCH_MS = 20;

interface Notice {
  from: string;
  tags: string[];
}

/** The feed of a database: instances of one PostgreSQL database share one; PGlite has one process. */
export function changeFeedOf(database: { postgresPool?: pg.Pool }): ChangeFeed | undefined {
  return database.postgresPool ? postgresChangeFeed(database.postgresPool) : undefined;
}

export function postgresChangeFeed(pool: pg.Pool): ChangeFeed {
  // An instance drops its own tags before publishing; its own notices are skipped.
  const instance = randomUUID();

  let pending = new Set<string>();
  let flushing: Promise<void> | undefined;
  const flush = async () => {
    const tags = [...pending];
    pending = new Set();
    flushing = undefined;
    for (const chunk of chunksUnder(tags, MAX_TAGS_BYTES)) {
      const notice: Notice = { from: instance, tags: chunk };
      await pool.query('SELECT pg_notify($1, $2)', [CHANNEL, JSON.stringify(notice)]);
    }
  };

  return {
    publish(tags) {
      for (const tag of tags) pending.add(tag);
      flushing ??= new Promise((resolve) => setTimeout(resolve, PUBLISH_BATCH_MS)).then(flush);
      return flushing;
    },

    async subscribe(listener) {
      let current: pg.Client | undefined;
      let retry: NodeJS.Timeout | undefined;
      let stopped = false;

      const connect = async () => {
        const client = new pg.Client(pool.options);
        client.on('notification', (message) => {
          const notice = parseNotice(message.payload);
          if (notice && notice.from !== instance) listener.onTags(notice.tags);
        });
        client.on('error', (error) => {
          listener.onError(error);
          lost(client);
        });
        client.on('end', () => lost(client));
        await client.connect();
        await client.query(`LISTEN ${CHANNEL}`);
        current = client;
      };

      const lost = (client: pg.Client) => {
        if (stopped || client !== current || retry) return;
        current = undefined;
        client.end().catch(() => {});
        const reconnect = () => {
          retry = setTimeout(() => {
            connect().then(
              () => {
                retry = undefined;
                listener.onGap();
              },
              (error: unknown) => {
                listener.onError(error);
                reconnect();
              },
            );
          }, RECONNECT_DELAY_MS);
          retry.unref();
        };
        reconnect();
      };

      await connect();
      return async () => {
        stopped = true;
        clearTimeout(retry);
        await current?.end().catch(() => {});
      };
    },
  };
}

function parseNotice(payload: string | undefined): Notice | undefined {
  try {
    const notice = JSON.parse(payload ?? '') as Partial<Notice>;
    return typeof notice.from === 'string' && Array.isArray(notice.tags)
      ? { from: notice.from, tags: notice.tags.filter((tag) => typeof tag === 'string') }
      : undefined;
  } catch {
    return undefined;
  }
}

function chunksUnder(tags: readonly string[], maxBytes: number): string[][] {
  const chunks: string[][] = [];
  let chunk: string[] = [];
  let bytes = 0;
  for (const tag of tags) {
    const size = Buffer.byteLength(tag) + 3;
    if (chunk.length > 0 && bytes + size > maxBytes) {
      chunks.push(chunk);
      chunk = [];
      bytes = 0;
    }
    chunk.push(tag);
    bytes += size;
  }
  if (chunk.length > 0) chunks.push(chunk);
  return chunks;
}
