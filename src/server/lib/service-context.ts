/**
 * What a service is given for one request: the database, the providers, a logger, who is
 * asking, and a way to write whose changes take effect after commit. Routes hand
 * `request.ctx` over; services never see the request or the reply.
 */
import type { ChangeRecorder, Writer, WriteOptions } from '../changes/index.ts';
import type { Database, Tx } from '../db/index.ts';
import { unauthorized } from '../http-error.ts';
import type { Providers } from '../plugins/providers.ts';
import type { FileStore } from '../storage/index.ts';
import type { Log } from './log.ts';

export interface ServiceContext {
  readonly db: Database;
  readonly providers: Providers;
  /** Uploaded files. */
  readonly files: FileStore;
  readonly log: Log;
  /** The signed-in user's id; undefined for a visitor. */
  readonly viewerId: string | undefined;
  /** The signed-in user's id, or a 401. */
  requireViewer(): string;
  /**
   * Runs work in one transaction. The jobs its changes call for are added in it, and the
   * changes take effect once it has committed (cached reads drop, other instances are
   * told); nothing of a failed one does.
   */
  write<T>(work: (tx: Tx, changes: ChangeRecorder) => Promise<T>): Promise<T>;
}

export interface ServiceContextSources {
  db: Database;
  providers: Providers;
  files: FileStore;
  log: Log;
  viewerId: string | undefined;
  writer: Writer;
  /** How the writes' jobs wake this process's workers; at once unless said. */
  writeOptions?: WriteOptions;
}

export function createServiceContext(sources: ServiceContextSources): ServiceContext {
  const { db, providers, files, log, viewerId, writer, writeOptions } = sources;
  return {
    db,
    providers,
    files,
    log,
    viewerId,
    requireViewer() {
      if (!viewerId) throw unauthorized();
      return viewerId;
    },
    write: (work) => writer.write(work, writeOptions),
  };
}
