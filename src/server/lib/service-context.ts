/**
 * What a service is given for one request: the database, the providers, a logger, who is
 * asking, and a way to write whose changes take effect after commit. Routes hand
 * `request.ctx` over; services never see the request or the reply.
 *
 * A service that needs a signed-in person takes a `SignedInContext`: only the routes of a
 * signed-in group (`signedInRoutes`, src/server/auth/route-groups.ts) have one, so the
 * compiler, not a check in the service, keeps visitors out.
 */
import type { ChangeRecorder, Writer, WriteOptions } from '../changes/index.ts';
import type { Database, Tx } from '../db/index.ts';
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
  /**
   * Runs work in one transaction. The jobs its changes call for are added in it, and the
   * changes take effect once it has committed (cached reads drop, other instances are
   * told); nothing of a failed one does.
   */
  write<T>(work: (tx: Tx, changes: ChangeRecorder) => Promise<T>): Promise<T>;
}

/** The context of a request whose session was checked before its handler ran. */
export interface SignedInContext extends ServiceContext {
  readonly viewerId: string;
}

/** Whether someone is signed in; for a public route with one part that needs a person. */
export function isSignedIn(ctx: ServiceContext): ctx is SignedInContext {
  return ctx.viewerId !== undefined;
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
    write: (work) => writer.write(work, writeOptions),
  };
}
