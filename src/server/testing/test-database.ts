import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { afterAll, beforeAll, inject } from 'vitest';
import {
  fromPglite,
  fromPostgres,
  pgliteExtensions,
  type Database,
  type DatabaseHandle,
} from '../db/index.ts';
import { testRows, type TestRows } from './test-rows.ts';

export const testDatabaseKind = (): 'pglite' | 'postgres' =>
  process.env.ENCORE_TEST_DATABASE === 'postgres' ? 'postgres' : 'pglite';

/** A migrated, empty database of its own for one test file; close() throws it away. */
export async function createTestDatabase(): Promise<DatabaseHandle> {
  if (testDatabaseKind() === 'postgres') {
    const { url, name: template } = inject('postgresTemplate');
    const name = `encore_test_${process.pid}_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${template}`);
    await admin.end();
    const databaseUrl = new URL(url);
    databaseUrl.pathname = `/${name}`;
    const handle = fromPostgres(new pg.Pool({ connectionString: databaseUrl.href, max: 5 }));
    return {
      ...handle,
      async close() {
        await handle.close();
        const cleanup = new pg.Client({ connectionString: url });
        await cleanup.connect();
        await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await cleanup.end();
      },
    };
  }
  const dump = await readFile(inject('pgliteTemplatePath'));
  const client = await PGlite.create({
    loadDataDir: new Blob([dump]),
    extensions: pgliteExtensions,
  });
  return fromPglite(client);
}

/**
 * A database of the file's own (or the describe block's), created before its first test
 * and thrown away after its last. Call it at the top level; use `db()` and `create` in tests
 * and hooks.
 */
export function useTestDatabase(): { db(): Database; readonly create: TestRows } {
  let handle: DatabaseHandle | undefined;
  beforeAll(async () => {
    handle = await createTestDatabase();
  });
  afterAll(() => handle?.close());
  const db = () => {
    if (!handle) {
      throw new Error('The test database is created in beforeAll: use it in a test or hook');
    }
    return handle.db;
  };
  return { db, create: testRows(db) };
}
