/**
 * How processes sharing one PostgreSQL database tell each other what a write changed:
 * which cached reads it made stale, and which kinds of job it queued. NOTIFY on one
 * channel, each process LISTENing on a connection of its own (db/listen.ts). A notice sent inside the
 * write's transaction is delivered when it commits and never if it rolls back. PostgreSQL
 * delivers a notice to every listener within milliseconds; a process that lost its
 * connection may have missed some, so after reconnecting it drops all its cached reads
 * (and its workers' next poll finds any job it was not woken for).
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Database, DatabaseHandle, Listen, Tx } from '../db/index.ts';
import type { JobKind } from '../jobs/kinds.ts';

export interface ChangeFeedListener {
  /** Cache tags another instance dropped. */
  onTags(tags: string[]): void;
  /** Kinds of job another process queued. */
  onJobs(kinds: JobKind[]): void;
  /** Notices may have been missed (the connection was lost and is back). */
  onGap(): void;
  onError(error: unknown): void;
}

export interface ChangeFeed {
  /** Tells the other processes as part of `tx`: they hear it when it commits. */
  publishIn(
    tx: Database | Tx,
    notice: { tags: readonly string[]; jobs: readonly JobKind[] },
  ): Promise<void>;
  /** Starts listening; resolves to the function that stops. */
  subscribe(listener: ChangeFeedListener): Promise<() => Promise<void>>;
}

const CHANNEL = 'encore_changes';
/** A NOTIFY payload must stay under 8,000 bytes. */
const MAX_TAGS_BYTES = 6_000;

interface Notice {
  from: string;
  tags: string[];
  jobs?: JobKind[];
}

/** The feed of a database: instances of one PostgreSQL database share one; PGlite has one process. */
export function changeFeedOf(
  database: Pick<DatabaseHandle, 'kind' | 'listen'>,
): ChangeFeed | undefined {
  return database.kind === 'postgres' ? postgresChangeFeed(database.listen) : undefined;
}

export function postgresChangeFeed(listen: Listen): ChangeFeed {
  // An instance drops its own tags before publishing; its own notices are skipped.
  const instance = randomUUID();

  return {
    async publishIn(tx, { tags, jobs }) {
      if (tags.length === 0 && jobs.length === 0) return;
      const chunks = chunksUnder(tags, MAX_TAGS_BYTES);
      for (const [index, chunk] of (chunks.length > 0 ? chunks : [[]]).entries()) {
        const notice: Notice = {
          from: instance,
          tags: chunk,
          ...(index === 0 ? { jobs: [...jobs] } : {}),
        };
        await tx.execute(sql`SELECT pg_notify(${CHANNEL}, ${JSON.stringify(notice)})`);
      }
    },
    subscribe(listener) {
      return listen(CHANNEL, {
        onPayload(payload) {
          const notice = parseNotice(payload);
          if (!notice || notice.from === instance) return;
          if (notice.tags.length > 0) listener.onTags(notice.tags);
          if (notice.jobs.length > 0) listener.onJobs(notice.jobs);
        },
        onGap: () => listener.onGap(),
        onError: (error) => listener.onError(error),
      });
    },
  };
}

function parseNotice(payload: string | undefined): Required<Notice> | undefined {
  try {
    const notice = JSON.parse(payload ?? '') as Partial<Notice>;
    const strings = <T>(list: unknown): T[] =>
      Array.isArray(list) ? (list.filter((item) => typeof item === 'string') as T[]) : [];
    return typeof notice.from === 'string' && Array.isArray(notice.tags)
      ? { from: notice.from, tags: strings(notice.tags), jobs: strings<JobKind>(notice.jobs) }
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
