/**
 * A PostgreSQL server of a test's own, in a temporary directory on a free port, that the
 * test may stop and start again: for what only a real outage shows. It uses the server
 * binaries of the machine (Debian's postgresql package; PG_BIN names another directory).
 */
import { execFile } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { freePort } from './test-app.ts';

const run = promisify(execFile);

/** The directory holding initdb and pg_ctl, or undefined when this machine has none. */
export function postgresBinaries(): string | undefined {
  if (process.env.PG_BIN) return process.env.PG_BIN;
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return undefined;
  const versions = readdirSync(root).sort((a, b) => Number(b) - Number(a));
  const found = versions
    .map((v) => path.join(root, v, 'bin'))
    .find((dir) => existsSync(path.join(dir, 'pg_ctl')));
  return found;
}

export interface OwnPostgres {
  /** A database of its own on that server. */
  url: string;
  stop(): Promise<void>;
  start(): Promise<void>;
  close(): Promise<void>;
}

export async function startOwnPostgres(): Promise<OwnPostgres> {
  const bin = postgresBinaries();
  if (!bin) throw new Error('No PostgreSQL server binaries (set PG_BIN)');
  const dir = await mkdtemp(path.join(os.tmpdir(), 'encore-own-pg-'));
  const dataDir = path.join(dir, 'data');
  const port = await freePort();
  // initdb refuses to run as root; the machine's postgres user owns its files then.
  const asPostgres = process.getuid?.() === 0;
  const command = async (tool: string, args: string[]) => {
    const file = path.join(bin, tool);
    if (asPostgres) await run('runuser', ['-u', 'postgres', '--', file, ...args]);
    else await run(file, args);
  };
  if (asPostgres) await run('chown', ['postgres', dir]);
  await command('initdb', [
    '-D',
    dataDir,
    '-U',
    'postgres',
    '--auth=trust',
    '--no-sync',
    '-E',
    'UTF8',
  ]);
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`;
  const start = () =>
    command('pg_ctl', ['-D', dataDir, '-o', options, '-l', path.join(dir, 'log'), '-w', 'start']);
  await start();
  const admin = new pg.Client({
    connectionString: `postgres://postgres@127.0.0.1:${port}/postgres`,
  });
  await admin.connect();
  await admin.query('CREATE DATABASE encore');
  await admin.end();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/encore`,
    // "fast" ends every session at once, as a crash or a failover would for the app.
    stop: () => command('pg_ctl', ['-D', dataDir, '-m', 'fast', '-w', 'stop']),
    start,
    async close() {
      await command('pg_ctl', ['-D', dataDir, '-m', 'immediate', '-w', 'stop']).catch(() => {});
      await rm(dir, { recursive: true, force: true });
    },
  };
}
