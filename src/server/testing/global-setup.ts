/**
 * Migrates one template database per test run; every test file then gets its own copy
 * (a PGlite loaded from a dump, or a PostgreSQL database created from the template),
 * which costs well under a second instead of a fresh migrated instance each time.
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { fromPglite, fromPostgres, migrationsFolder, pgliteExtensions } from '../db/index.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplatePath: string;
    postgresTemplate: { url: string; name: string };
  }
}

function migrationsFingerprint(): string {
  const hash = createHash('sha256');
  for (const file of readdirSync(migrationsFolder, { recursive: true }).map(String).sort()) {
    const full = path.join(migrationsFolder, file);
    if (file.endsWith('.sql') || file.endsWith('.json'))
      hash.update(file).update(readFileSync(full));
  }
  return hash.digest('hex').slice(0, 16);
}

async function pgliteTemplate(): Promise<string> {
  const file = path.join(os.tmpdir(), `encore-test-template-${migrationsFingerprint()}.tar.gz`);
  if (existsSync(file)) return file;
  const client = await PGlite.create({ extensions: pgliteExtensions });
  await fromPglite(client).migrate();
  const dump = await client.dumpDataDir('gzip');
  await client.close();
  const temporary = `${file}.${process.pid}`;
  await writeFile(temporary, Buffer.from(await dump.arrayBuffer()));
  await import('node:fs/promises').then((fs) => fs.rename(temporary, file));
  return file;
}

/** TEST_TEMPLATE_DATABASE lets two checkouts run the PostgreSQL tests on one server at once. */
const POSTGRES_TEMPLATE_NAME = /^[a-z_][a-z0-9_]{0,62}$/.test(
  process.env.TEST_TEMPLATE_DATABASE ?? '',
)
  ? process.env.TEST_TEMPLATE_DATABASE!
  : 'encore_test_template';

async function postgresTemplate(url: string) {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS ${POSTGRES_TEMPLATE_NAME} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${POSTGRES_TEMPLATE_NAME}`);
  } finally {
    await admin.end();
  }
  const templateUrl = new URL(url);
  templateUrl.pathname = `/${POSTGRES_TEMPLATE_NAME}`;
  const pool = new pg.Pool({ connectionString: templateUrl.href, max: 1 });
  const handle = fromPostgres(pool);
  await handle.migrate();
  await handle.close();
}

export default async function setup(project: TestProject) {
  if (project.name.endsWith('postgres')) {
    const url = process.env.TEST_DATABASE_URL;
    if (!url) throw new Error('TEST_DATABASE_URL is required for the PostgreSQL project');
    await postgresTemplate(url);
    project.provide('postgresTemplate', { url, name: POSTGRES_TEMPLATE_NAME });
  } else {
    project.provide('pgliteTemplatePath', await pgliteTemplate());
  }
}
