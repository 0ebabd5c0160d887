/**
 * Opens the database: embedded PGlite under DATA_DIR by default, PostgreSQL when a URL
 * is given. Both speak the same dialect, run the same migrations and return the same
 * Drizzle type, so nothing above this file knows which one it got.
 */
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import type { SQL } from 'drizzle-orm';
import { PgDialect, type PgDatabase, type PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { migrationsFolder } from '../paths.ts';
import { listenOnPglite, listenOnPostgres, type Listen } from './listen.ts';
import { takingTurns } from './pglite-turns.ts';
import * as schema from './schema.ts';

export { migrationsFolder };
export type { ChannelListener, Listen } from './listen.ts';

export type Schema = typeof schema;
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction handle has the same query surface as the database. */
export type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  /** The pool behind `db` on PostgreSQL, for what needs connections of its own (LISTEN). */
  postgresPool?: pg.Pool;
  /** Hears NOTIFY on a channel: every instance on PostgreSQL, this process on PGlite. */
  listen: Listen;
  migrate(): Promise<void>;
  close(): Promise<void>;
}

export const pgliteExtensions = { pg_trgm, unaccent };

export function fromPglite(pglite: PGlite): DatabaseHandle {
  const client = takingTurns(pglite);
  const db = drizzlePglite({ client, schema, casing: 'snake_case' }) as unknown as Database;
  return {
    db,
    kind: 'pglite',
    listen: listenOnPglite(pglite),
    migrate: () => migratePglite(db as never, { migrationsFolder }),
    close: () => client.close(),
  };
}

export function fromPostgres(pool: pg.Pool): DatabaseHandle {
  // An idle client losing its connection (a server restart, a terminated backend) must not
  // crash the process: the pool drops that client and connects a new one when needed.
  pool.on('error', () => {});
  // A client checked out between two statements of a transaction has no pool listener: its
  // lost connection would be an unhandled 'error' event and end the process. The statement
  // that next uses it fails instead, and the request answers 503.
  pool.on('connect', (client) => client.on('error', () => {}));
  const db = drizzlePg({ client: pool, schema, casing: 'snake_case' }) as unknown as Database;
  return {
    db,
    kind: 'postgres',
    postgresPool: pool,
    listen: listenOnPostgres(pool),
    migrate: () => migrateExclusively(pool, db),
    close: () => pool.end(),
  };
}

const CONNECT_TIMEOUT_MS = 5_000;

/** Any fixed 32-bit number: the advisory lock Encore's instances migrate under. */
const MIGRATION_LOCK_KEY = 0x456e636f;

/**
 * Runs the migrations while holding an advisory lock, so instances starting together on
 * one database take turns: the later ones wait, then find nothing left to apply. The lock
 * is held on a connection of its own, outside the pool the migrations run on.
 */
async function migrateExclusively(pool: pg.Pool, db: Database): Promise<void> {
  const lock = new pg.Client(pool.options);
  await lock.connect();
  try {
    await lock.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    await migratePg(db as never, { migrationsFolder });
  } finally {
    // Ending the session releases the lock.
    await lock.end();
  }
}

export async function openDatabase(options: {
  databaseUrl: string | undefined;
  dataDir: string;
}): Promise<DatabaseHandle> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: 10,
      // A database that does not answer at all (a dropped network) fails a request in
      // seconds, answered 503, instead of holding it until the client gives up.
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    });
    return fromPostgres(pool);
  }
  const dir = path.resolve(options.dataDir, 'db');
  await mkdir(dir, { recursive: true });
  const client = await PGlite.create({ dataDir: dir, extensions: pgliteExtensions });
  return fromPglite(client);
}

/**
 * The driver's own connection behind a database or a transaction handle, for a library
 * that sends SQL text of its own (the job queue): inside a transaction, its statements are
 * part of it. Both drivers answer `query(text, values)` with `{ rows }`.
 */
export interface SqlClient {
  query(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
  /** Several statements in one text, without parameters; answers the last one's rows. */
  run(text: string): Promise<{ rows: unknown[] }>;
}

export function sqlClientOf(db: Database | Tx): SqlClient {
  // Drizzle's session holds the pool or PGlite, or, in a transaction, its connection.
  const client = (db as unknown as { session: { client: pg.Pool | pg.PoolClient | PGliteLike } })
    .session.client;
  if ('exec' in client) {
    return {
      query: (text, values) => client.query(text, values),
      async run(text) {
        try {
          const results = await client.exec(text);
          return results.at(-1) ?? { rows: [] };
        } catch (error) {
          // A text that opened a transaction and failed in it would leave PGlite's one
          // connection inside that failed transaction.
          await client.exec('ROLLBACK').catch(() => {});
          throw error;
        }
      },
    };
  }
  return {
    query: (text, values) => client.query(text, values),
    async run(text) {
      const result = (await client.query(text)) as pg.QueryResult | pg.QueryResult[];
      return Array.isArray(result) ? (result.at(-1) ?? { rows: [] }) : result;
    },
  };
}

type PGliteLike = Pick<PGlite, 'query' | 'exec'>;

/** Rows of a raw SQL query; both drivers answer `{ rows }`, which the shared type hides. */
export async function executeRows<T>(db: Database | Tx, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

const dialect = new PgDialect({ casing: 'snake_case' });

/** The text and parameters a raw query is sent as (the bench's ceilings send the same). */
export const sqlToQuery = (query: SQL) => dialect.sqlToQuery(query);
