import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, inject, it } from 'vitest';
import { executeRows, migrationsFolder, openDatabase } from './index.ts';
import { testDatabaseKind } from '../testing/test-database.ts';

// PGlite lives in one process; only PostgreSQL can have several instances start at once.
describe.runIf(testDatabaseKind() === 'postgres')('migrations on PostgreSQL', () => {
  it('apply once when several instances start together on an empty database', async () => {
    const { url } = inject('postgresTemplate');
    const name = `encore_migrate_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    const databaseUrl = new URL(url);
    databaseUrl.pathname = `/${name}`;
    const instances = await Promise.all(
      [1, 2, 3].map(() => openDatabase({ databaseUrl: databaseUrl.href, dataDir: 'unused' })),
    );
    try {
      await Promise.all(instances.map((instance) => instance.migrate()));
      const applied = await executeRows<{ count: number }>(
        instances[0]!.db,
        sql`select count(*)::int as count from drizzle.__drizzle_migrations`,
      );
      const tables = await executeRows<{ name: string }>(
        instances[0]!.db,
        sql`select to_regclass('public.concerts')::text as name`,
      );
      const journal = JSON.parse(
        readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8'),
      ) as { entries: unknown[] };
      expect(applied[0]?.count).toBe(journal.entries.length);
      expect(tables[0]?.name).toBe('concerts');
    } finally {
      await Promise.all(instances.map((instance) => instance.close()));
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    }
  });
});
