/**
 * `npm run bench:imports`: diary imports through the API, timed from the POST to the
 * import's end as the page follows it (GET every 100 ms): a 5,000-row CSV file (its preview
 * first) held to ≤ 30 s, and 1,000 shows from a fake setlist.fm at 10 requests a second
 * held to ≤ 60 s.
 *
 * The app runs in this process from source, listening on a free port (the setlist.fm pace
 * is a provider tuning, not a setting), with the fake setlist.fm of the API tests. Its own
 * database: PostgreSQL at IMPORTS_BENCH_DATABASE_URL (default .../encore_bench_imports,
 * dropped and made afresh; the name must contain "bench" and may not be encore_bench), or
 * with IMPORTS_BENCH_EMBEDDED=1 the embedded database in a temporary DATA_DIR. The catalogue
 * holds 2,500 past concerts first; half the file's rows name them (in another case), the
 * other half are concerts to add, over 400 artists and 250 venues.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Signer } from '@fastify/cookie';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import type { CsvImportPreview, DiaryImport } from '../src/shared/schemas/imports.ts';
import { buildApp } from '../src/server/app.ts';
import { sessionCookieName } from '../src/server/auth/sessions.ts';
import { changeFeedOf } from '../src/server/changes/index.ts';
import { loadConfig } from '../src/server/config.ts';
import { openDatabase } from '../src/server/db/index.ts';
import { createUser, daysFromToday } from '../src/server/db/seed/factories.ts';
import { setlistFmSetlist, startFakeSetlistFm } from '../src/server/testing/fake-providers.ts';
import { freePort } from '../src/server/testing/test-app.ts';
import { signIn } from './sessions.ts';

const CSV_ROWS = 5000;
const CATALOGUE = 2500;
const SETLISTFM_SHOWS = 1000;
const SETLISTFM_RATE = 10;
const TARGETS = { csvSeconds: 30, setlistfmSeconds: 60 };
const DEFAULT_URL = 'postgres://postgres@127.0.0.1:5432/encore_bench_imports';

async function freshDatabase(url: string): Promise<void> {
  const name = new URL(url).pathname.slice(1);
  if (!name.includes('bench') || name === 'encore_bench') {
    throw new Error(`refusing to drop ${name}: use a database of its own with "bench" in its name`);
  }
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.href });
  await client.connect();
  const quoted = `"${name.replaceAll('"', '""')}"`;
  await client.query(`DROP DATABASE IF EXISTS ${quoted} WITH (FORCE)`);
  await client.query(`CREATE DATABASE ${quoted}`);
  await client.end();
}

/** The file: every other row names a catalogue concert (its names in capitals), the others a new one. */
function diaryFile(): string {
  const lines = ['date,artist,venue,city,country'];
  for (let n = 1; n <= CSV_ROWS; n++) {
    if (n % 2 === 0 && n / 2 <= CATALOGUE) {
      const k = n / 2;
      lines.push(
        `${daysFromToday(-k)},IMPORT ARTIST ${k % 400},IMPORT HALL ${k % 250},DENVER,United States`,
      );
    } else {
      lines.push(
        `${daysFromToday(-3000 - n)},Import Artist ${n % 400},New Hall ${n % 250},Boulder,United States`,
      );
    }
  }
  return `${lines.join('\r\n')}\r\n`;
}

async function main() {
  const embedded = process.env.IMPORTS_BENCH_EMBEDDED === '1';
  const databaseUrl = embedded
    ? undefined
    : (process.env.IMPORTS_BENCH_DATABASE_URL ?? DEFAULT_URL);
  if (databaseUrl) await freshDatabase(databaseUrl);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'encore-imports-bench-'));
  const setlistfm = await startFakeSetlistFm();
  const database = await openDatabase({ databaseUrl, dataDir });
  await database.migrate();
  const sessionSecret = randomBytes(32).toString('base64url');
  const port = await freePort();
  const config = loadConfig({
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    SESSION_SECRET: sessionSecret,
    SEED_DEMO: '0',
    LOG_LEVEL: 'silent',
    SETLISTFM_API_KEY: 'bench-key',
    SETLISTFM_BASE_URL: setlistfm.baseUrl,
    RESPONSE_CACHE_SECONDS: '0',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  });
  const app = await buildApp({
    config,
    db: database.db,
    sessionSecret,
    clientDir: path.join(dataDir, 'no-client'),
    changeFeed: changeFeedOf(database),
    postgresPool: database.postgresPool,
    // The provider's own pace, at 10 requests a second: one call every 100 ms, none in a burst.
    providerTuning: { setlistfm: { requestsPerSecond: SETLISTFM_RATE, burst: 1 } },
  });
  try {
    await app.listen({ port, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${port}`;
    const db = database.db;
    await db.execute(sql`
      INSERT INTO concerts (artist, venue, city, date)
      SELECT 'Import Artist ' || (k % 400), 'Import Hall ' || (k % 250), 'Denver', current_date - k
        FROM generate_series(1, ${CATALOGUE}) k`);
    const fans = await Promise.all([createUser(db), createUser(db)]);
    const sids = await signIn(
      db,
      fans.map((fan) => fan.id),
      'imports-bench-',
    );
    const signer = new Signer(sessionSecret);
    const cookies = sids.map(
      (sid) => `${sessionCookieName(false)}=${encodeURIComponent(signer.sign(sid))}`,
    );

    const call = async <T>(
      cookie: string,
      method: string,
      url: string,
      body?: FormData | object,
    ) => {
      const response = await fetch(base + url, {
        method,
        headers: {
          cookie,
          accept: 'application/json',
          ...(body && !(body instanceof FormData) ? { 'content-type': 'application/json' } : {}),
        },
        body: body instanceof FormData ? body : body ? JSON.stringify(body) : undefined,
      });
      const answer = (await response.json()) as T;
      if (!response.ok)
        throw new Error(`${method} ${url}: ${response.status} ${JSON.stringify(answer)}`);
      return answer;
    };
    const follow = async (cookie: string, id: string): Promise<DiaryImport> => {
      for (;;) {
        const state = await call<DiaryImport>(cookie, 'GET', `/api/users/me/imports/${id}`);
        if (state.status === 'done' || state.status === 'failed') return state;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    };
    const form = (preview: boolean) => {
      const data = new FormData();
      if (preview) data.append('preview', 'true');
      data.append('file', new Blob([diaryFile()], { type: 'text/csv' }), 'diary.csv');
      return data;
    };

    // The file: its preview, then the import to its end.
    let started = performance.now();
    const preview = await call<CsvImportPreview>(
      cookies[0]!,
      'POST',
      '/api/users/me/imports',
      form(true),
    );
    const previewMs = performance.now() - started;
    started = performance.now();
    const queued = await call<DiaryImport>(
      cookies[0]!,
      'POST',
      '/api/users/me/imports',
      form(false),
    );
    const csv = await follow(cookies[0]!, queued.id);
    const csvMs = performance.now() - started;

    // setlist.fm: 1,000 shows, 50 pages at 10 requests a second.
    setlistfm.attended.set(
      'bench_fan',
      Array.from({ length: SETLISTFM_SHOWS }, (_, n) =>
        setlistFmSetlist({
          id: `bench${n}`,
          date: daysFromToday(-1 - n),
          artist: `Setlist Artist ${n % 300}`,
          venue: `Setlist Hall ${n % 120}`,
          city: 'Chicago',
        }),
      ),
    );
    started = performance.now();
    const sfmQueued = await call<DiaryImport>(cookies[1]!, 'POST', '/api/users/me/imports', {
      source: 'setlistfm',
      username: 'bench_fan',
    });
    const sfm = await follow(cookies[1]!, sfmQueued.id);
    const sfmMs = performance.now() - started;
    const pages = setlistfm.requestsTo('/rest/1.0/user/bench_fan/attended').length;

    const verdict = (ms: number, seconds: number) => (ms <= seconds * 1000 ? 'PASS' : 'FAIL');
    console.log(
      `diary imports (${embedded ? 'embedded' : 'PostgreSQL'}), ${os.cpus().length} cores`,
    );
    console.log(
      `CSV preview, ${CSV_ROWS} rows: ${previewMs.toFixed(0)} ms (${preview.rows} rows, ${preview.newConcerts} new, ${preview.matchedConcerts} matched, ${preview.refused.length} refused)`,
    );
    console.log(
      `CSV import, ${CSV_ROWS} rows: ${(csvMs / 1000).toFixed(2)} s, ${csv.status}, ${csv.processed} processed — target ≤ ${TARGETS.csvSeconds} s: ${verdict(csvMs, TARGETS.csvSeconds)}`,
    );
    console.log(
      `setlist.fm import, ${SETLISTFM_SHOWS} shows at ${SETLISTFM_RATE} req/s: ${(sfmMs / 1000).toFixed(2)} s, ${sfm.status}, ${sfm.processed} of ${sfm.total}, ${pages} pages (${(pages / (sfmMs / 1000)).toFixed(1)} req/s) — target ≤ ${TARGETS.setlistfmSeconds} s: ${verdict(sfmMs, TARGETS.setlistfmSeconds)}`,
    );
  } finally {
    await app.close();
    await database.close();
    await setlistfm.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
