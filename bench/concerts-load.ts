/**
 * Load benchmark of the concert endpoints against the scale data (npm run bench:data).
 *
 *   npm run build && npm run bench:load
 *
 * Starts the built server (dist/server/main.js) twice on free ports in 4400-4499 against
 * BENCH_DATABASE_URL, with its response cache (as deployed) and without (what a miss
 * costs), plus reference servers (bench/ceiling-server.ts), and drives each
 * scenario with autocannon: 50 connections, a short warm-up, then BENCH_DURATION seconds
 * (default 10). Prints req/s, p50/p99 latency, non-2xx and errors per scenario, PASS/FAIL
 * against the targets, and writes bench/results/<timestamp>.json. Exits 0 whatever the
 * figures: it is a measurement, not a test.
 *
 * The app limits /api to 1200 requests a minute per client address. The server runs with
 * an https PUBLIC_URL and TRUST_PROXY=loopback (as behind a TLS proxy) and each request
 * carries an X-Forwarded-For address from a pool of 4096, so the limiter stays in the
 * measured path but the run is many clients, not one flooding client.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { openDatabase } from '../src/server/db/index.ts';
import { benchDatabaseUrl, FILTERED_QUERY } from './bench-config.ts';
import {
  CONNECTIONS,
  DURATION_S,
  ONLY,
  printTable,
  ROOT,
  runMain,
  runScenario,
  selectScenarios,
  SERVER_ENTRY,
  shutdownChildren,
  startBenchServers,
  WAIT_QUIET_S,
  WARMUP_S,
  waitForQuietMachine,
  writeResults,
  type Scenario,
  type ScenarioResult,
} from './harness.ts';
import { benchQueries, type BenchQuery } from './queries.ts';

const TARGET = { requestsPerSecond: 1500, p99Ms: 25 };
const REVIEW_CONCERTS = 500;

async function main(): Promise<void> {
  if (!existsSync(SERVER_ENTRY)) {
    console.error(`${path.relative(ROOT, SERVER_ENTRY)} is missing: run \`npm run build\` first.`);
    process.exit(1);
  }
  const databaseUrl = benchDatabaseUrl();

  // What the data offers: concerts with reviews, and table sizes for the record.
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  let reviewConcerts: { id: string; reviews: number }[];
  let tableRows: Record<string, number>;
  try {
    const concerts = await client.query<{ id: string }>(
      `SELECT c.id FROM concerts c
        WHERE c.date < current_date
          AND EXISTS (SELECT 1 FROM reviews r WHERE r.concert_id = c.id)
        ORDER BY md5(c.id) LIMIT $1`,
      [REVIEW_CONCERTS],
    );
    const counts = await client.query<{ concert_id: string; n: number }>(
      `SELECT concert_id, count(*)::int AS n FROM reviews WHERE concert_id = ANY($1) GROUP BY concert_id`,
      [concerts.rows.map((r) => r.id)],
    );
    const byId = new Map(counts.rows.map((r) => [r.concert_id, r.n]));
    reviewConcerts = concerts.rows.map((r) => ({ id: r.id, reviews: byId.get(r.id) ?? 0 }));
    const sizes = await client.query<{ relname: string; n: string }>(
      `SELECT relname, reltuples::bigint AS n FROM pg_class
        WHERE relname IN ('users', 'concerts', 'reviews', 'review_likes', 'review_comments')`,
    );
    tableRows = Object.fromEntries(sizes.rows.map((r) => [r.relname, Number(r.n)]));
  } finally {
    await client.end();
  }
  if (reviewConcerts.length === 0) {
    console.error('The bench database has no reviewed concerts: run `npm run bench:data` first.');
    process.exit(1);
  }
  const firstConcert = reviewConcerts[0]!.id;
  const meanReviews =
    reviewConcerts.reduce((sum, c) => sum + c.reviews, 0) / Math.max(1, reviewConcerts.length);

  // The app's SQL for the bare-pg ceiling.
  const handle = await openDatabase({ databaseUrl, dataDir: 'data/bench-unused' });
  let queries: BenchQuery[];
  try {
    queries = benchQueries(handle.db, { concertId: firstConcert });
  } finally {
    await handle.close();
  }
  const workDir = mkdtempSync(path.join(os.tmpdir(), 'encore-bench-'));
  const queriesFile = path.join(workDir, 'ceiling-queries.json');
  writeFileSync(queriesFile, JSON.stringify(Object.fromEntries(queries.map((q) => [q.name, q]))));

  const results: ScenarioResult[] = [];
  const started = new Date();
  let busyBefore: number | null | undefined;
  const loadAverageBefore = os.loadavg().map((v) => Number(v.toFixed(2)));
  try {
    const { app, appUrl, uncached, uncachedUrl, ceiling, sqlUrl, helloUrl } =
      await startBenchServers({
        databaseUrl,
        workDir,
        sessionSecret: randomBytes(32).toString('hex'),
        queriesFile,
        readyPath: '/api/concerts?limit=1',
      });

    busyBefore = await waitForQuietMachine(WAIT_QUIET_S);
    if (busyBefore !== null && busyBefore > 25) {
      console.warn(
        `WARNING: the machine is ${busyBefore}% busy with other work; figures will be low and noisy.`,
      );
    }

    const filter = new URLSearchParams(FILTERED_QUERY).toString();
    const reviewPaths = reviewConcerts.map(
      (c) => `/api/concerts/${encodeURIComponent(c.id)}/reviews`,
    );
    const appScenarios = [
      { key: 'a', title: 'GET /api/concerts (unfiltered, first page)', paths: ['/api/concerts'] },
      { key: 'b', title: `GET /api/concerts?${filter}`, paths: [`/api/concerts?${filter}`] },
      {
        key: 'c',
        title: `GET /api/concerts/{id}/reviews over ${reviewConcerts.length} reviewed concerts (mean ${meanReviews.toFixed(1)} reviews each)`,
        paths: reviewPaths,
      },
    ];
    const scenarios: Scenario[] = [
      ...appScenarios.map((s) => ({
        ...s,
        target: TARGET,
        baseUrl: appUrl,
        serverPid: app.pid,
      })),
      // e1-e3: a-c with the response cache off.
      ...appScenarios.map((s, i) => ({
        ...s,
        key: `e${i + 1}`,
        title: `${s.title}, response cache off`,
        baseUrl: uncachedUrl,
        serverPid: uncached.pid,
      })),
      {
        key: 'd1',
        title: 'ceiling: Fastify hello world (no plugins)',
        baseUrl: helloUrl,
        paths: ['/hello'],
        serverPid: ceiling.pid,
      },
      ...[false, true].flatMap((prepared) =>
        queries.map((q, i) => {
          const mode = prepared ? 'prepared=1' : '';
          const query = (extra: string) =>
            mode || extra ? `?${[extra, mode].filter(Boolean).join('&')}` : '';
          return {
            key: `d${i + 2 + (prepared ? queries.length : 0)}`,
            title: `ceiling: bare pg + node:http, the SQL of ${q.description}${prepared ? ', as a named prepared statement' : ''}`,
            baseUrl: sqlUrl,
            paths:
              q.idParam === undefined
                ? [`/sql/${q.name}${query('')}`]
                : reviewConcerts.map(
                    (c) => `/sql/${q.name}${query(`id=${encodeURIComponent(c.id)}`)}`,
                  ),
            serverPid: ceiling.pid,
          };
        }),
      ),
    ];

    const selected = selectScenarios(scenarios);
    console.log(
      `${selected.length} scenarios, ${CONNECTIONS} connections, ` +
        `${WARMUP_S} s warm-up + ${DURATION_S} s each`,
    );
    for (const scenario of selected) {
      results.push(await runScenario(scenario));
    }
  } finally {
    await shutdownChildren();
    rmSync(workDir, { recursive: true, force: true });
  }

  printTable(
    results,
    `targets for a-c: >= ${TARGET.requestsPerSecond} req/s, p99 <= ${TARGET.p99Ms} ms, no non-2xx, no errors.`,
  );
  const file = writeResults(started, {
    settings: {
      only: ONLY ?? null,
      connections: CONNECTIONS,
      durationSeconds: DURATION_S,
      warmupSeconds: WARMUP_S,
      targets: TARGET,
      today: new Date().toISOString().slice(0, 10),
    },
    machineBefore: { busyPercent: busyBefore ?? null, loadAverage: loadAverageBefore },
    data: {
      tableRows,
      reviewConcerts: reviewConcerts.length,
      meanReviewsPerConcert: Number(meanReviews.toFixed(1)),
    },
    results,
  });
  console.log(`\nwrote ${path.relative(ROOT, file)}`);
}

runMain(main);
