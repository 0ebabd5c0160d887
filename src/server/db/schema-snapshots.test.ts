/**
 * `npm run db:generate` writes the next migration from the difference between the schema
 * in src/server/db/schema.ts and the newest snapshot in drizzle/meta. It only works while
 * the snapshots form one chain and the newest matches the schema; hand-written migrations
 * must leave a snapshot that does. Checked on a copy, so nothing is written to drizzle/.
 */
import { execFile } from 'node:child_process';
import { cp, mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrationsFolder } from './index.ts';

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, '../../..');
let copy: string;

beforeAll(async () => {
  copy = await mkdtemp(path.join(os.tmpdir(), 'encore-snapshots-'));
  await cp(migrationsFolder, path.join(copy, 'drizzle'), { recursive: true });
});

afterAll(async () => {
  await rm(copy, { recursive: true, force: true });
});

describe('drizzle/meta snapshots', () => {
  it('let db:generate find no change between the schema and the newest snapshot', async () => {
    const { stdout } = await run(
      path.join(root, 'node_modules/.bin/drizzle-kit'),
      [
        'generate',
        '--dialect=postgresql',
        `--schema=${path.join(root, 'src/server/db/schema.ts')}`,
        '--out=./drizzle',
        '--casing=snake_case',
      ],
      { cwd: copy, timeout: 60_000 },
    );
    expect(stdout).toContain('No schema changes, nothing to migrate');
    expect(await readdir(path.join(copy, 'drizzle'))).toEqual(await readdir(migrationsFolder));
  });
});
