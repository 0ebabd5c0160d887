/**
 * `npm run bench:calendar`: a private calendar feed of a 500-concert wishlist (the most a
 * wishlist answers), read by calendar apps' polling: held to p99 ≤ 50 ms.
 *
 * Its own small database, never the bench database of bench:data: PostgreSQL at
 * CALENDAR_BENCH_DATABASE_URL (default .../encore_bench_calendar, made when missing, its
 * rows replaced; the name must contain "bench" and may not be encore_bench), or with
 * CALENDAR_BENCH_EMBEDDED=1 the embedded database in a temporary DATA_DIR. One person
 * saves 500 upcoming concerts (with times, in our six cities and one unknown one, so
 * every kind of DTSTART is written) and follows 20 artists with the followed-shows option
 * on; the feed is then read for DURATION s by CONNECTIONS connections.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { openDatabase } from '../src/server/db/index.ts';
import type { Scenario } from './harness.ts';

// Calendar apps poll a feed now and then, a few at once: the p99 asked for is a poll's
// time, not a queue's behind 50 connections of 150 KB answers on 2 cores.
process.env.BENCH_CONNECTIONS ??= '4';
const {
  CONNECTIONS,
  DURATION_S,
  freePorts,
  judgeResults,
  printTable,
  requireBuiltServer,
  runScenario,
  shutdownChildren,
  startApp,
  waitForHttp,
  writeResults,
} = await import('./harness.ts');

const WISHLIST = 500;
const FOLLOWED = 20;
const TARGET = { p99Ms: 50 };
const DEFAULT_URL = 'postgres://postgres@127.0.0.1:5432/encore_bench_calendar';

async function ensureDatabase(url: string): Promise<void> {
  const name = new URL(url).pathname.slice(1);
  if (!name.includes('bench') || name === 'encore_bench') {
    throw new Error(`refusing to fill ${name}: use a database of its own with "bench" in its name`);
  }
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.href });
  await client.connect();
  const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
  if (found.rowCount === 0) await client.query(`CREATE DATABASE "${name.replaceAll('"', '""')}"`);
  await client.end();
}

/** The person, their wishlist and follows; answers the feed's path. */
async function fill(options: {
  databaseUrl: string | undefined;
  dataDir: string;
}): Promise<string> {
  const database = await openDatabase(options);
  await database.migrate();
  const token = randomBytes(32).toString('base64url');
  await database.db.transaction(async (tx) => {
    await tx.execute(sql`DELETE FROM users WHERE email = 'calendar@bench.example.com'`);
    await tx.execute(sql`DELETE FROM concerts WHERE id LIKE 'calbench-%'`);
    await tx.execute(sql`
      INSERT INTO users (email, username, first_name, location)
      VALUES ('calendar@bench.example.com', 'calendar_bench', 'Cal', 'Chicago, IL')`);
    await tx.execute(sql`
      INSERT INTO concerts (id, artist, venue, city, date, time, price, ticket_url)
      SELECT 'calbench-' || n, 'Calendar Artist ' || (n % 60), 'Hall ' || (n % 40),
             (ARRAY['Los Angeles','New York','Chicago','Austin','Seattle','Denver','Lyon'])[1 + n % 7],
             current_date + (n % 365), (1 + n % 11) || ':' || lpad(((n * 7) % 60)::text, 2, '0') || ' PM',
             '$45', 'https://tickets.example.com/' || n
        FROM generate_series(1, ${WISHLIST + 200}) n`);
    await tx.execute(sql`
      INSERT INTO concert_wishlist (user_id, concert_id)
      SELECT u.id, 'calbench-' || n FROM users u, generate_series(1, ${WISHLIST}) n
       WHERE u.email = 'calendar@bench.example.com'`);
    await tx.execute(sql`
      INSERT INTO artist_follows (user_id, artist_id)
      SELECT u.id, a.id FROM users u, artists a
       WHERE u.email = 'calendar@bench.example.com' AND a.name LIKE 'Calendar Artist %'
       ORDER BY a.name LIMIT ${FOLLOWED}`);
    await tx.execute(sql`
      INSERT INTO calendar_feeds (user_id, token, include_followed_artists)
      SELECT id, ${token}, true FROM users WHERE email = 'calendar@bench.example.com'`);
  });
  await database.close();
  return `/api/calendar/${token}.ics`;
}

async function main() {
  requireBuiltServer();
  const started = new Date();
  const embedded = process.env.CALENDAR_BENCH_EMBEDDED === '1';
  const databaseUrl = embedded
    ? undefined
    : (process.env.CALENDAR_BENCH_DATABASE_URL ?? DEFAULT_URL);
  if (databaseUrl) await ensureDatabase(databaseUrl);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'encore-calendar-bench-'));
  try {
    const feedPath = await fill({ databaseUrl, dataDir });
    const [port] = await freePorts(1);
    const app = startApp('app', port!, {
      databaseUrl: databaseUrl ?? '',
      dataDir,
      sessionSecret: randomBytes(32).toString('base64url'),
    });
    const baseUrl = `http://127.0.0.1:${port}`;
    await waitForHttp(`${baseUrl}/healthz`, app, 60_000);
    // The first read writes the text (the cost of a feed whose rows changed); later ones
    // find it kept and only read and compare the rows.
    const coldStarted = performance.now();
    const probe = await fetch(baseUrl + feedPath);
    const text = await probe.text();
    const coldMs = performance.now() - coldStarted;
    const warmStarted = performance.now();
    await (await fetch(baseUrl + feedPath)).text();
    const warmMs = performance.now() - warmStarted;
    console.log(
      `first read (text written): ${coldMs.toFixed(0)} ms; second: ${warmMs.toFixed(0)} ms`,
    );
    const events = text.split('BEGIN:VEVENT').length - 1;
    console.log(
      `feed: ${probe.status} ${probe.headers.get('content-type')}, ${events} events, ` +
        `${(text.length / 1024).toFixed(0)} KB; ${CONNECTIONS} connections, ${DURATION_S} s`,
    );
    const scenario: Scenario = {
      key: 'calendar-feed',
      title: `calendar feed, ${WISHLIST}-concert wishlist + followed artists (${embedded ? 'embedded' : 'PostgreSQL'})`,
      target: TARGET,
      baseUrl,
      paths: [feedPath],
      serverPid: app.pid,
    };
    const results = [await runScenario(scenario)];
    judgeResults(results);
    printTable(results, `p99 ≤ ${TARGET.p99Ms} ms`);
    console.log(
      `results: ${writeResults(started, { scenarios: results, firstReadMs: Math.round(coldMs) })}`,
    );
  } finally {
    await shutdownChildren();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
