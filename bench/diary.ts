/**
 * `npm run bench:diary`: the concert diary on the scale data (npm run bench:data: 5 million
 * marks, users 1-20 at 3,000 past shows each, setlists on a quarter of past concerts).
 *
 * - dy1: GET /api/users/me/diary (its first page, and "Did you go?") as the heaviest
 *   diarists in turn; dy2: their numbers, GET /api/users/me/diary/stats (one aggregate over
 *   their 3,000 shows and the songs of their setlists). Held to p99 ≤ 30 ms at half load.
 * - fg: GET /api/concerts/{id}/friends ("Friends going") as people who follow 500 others
 *   each, on the upcoming concert most of the first one's friends are going to. Held to
 *   p99 ≤ 20 ms at half load.
 *
 * Nothing here is cached: each request is a person's own. Prints the table, writes
 * bench/results/<timestamp>.json and exits 0 whatever the figures.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { BenchRequest, Scenario, Target } from './harness.ts';
import { checkSignedIn, sessionCookies, signIn, signOut } from './sessions.ts';

// Each request is one person's own read, offered at half the rate the server reaches: the
// p99 asked for is a read's time at that rate. 10 connections carry it (as many as the
// app's database pool); 50 idle sockets on 2 cores add a queue of their own to the tail.
process.env.BENCH_CONNECTIONS ??= '10';
const {
  connectBenchDatabase,
  freePorts,
  judgeResults,
  printTable,
  requireBuiltServer,
  runMain,
  runScenarios,
  shutdownChildren,
  startApp,
  vacuumChurnedTables,
  waitForHttp,
  waitToStart,
  writeResults,
} = await import('./harness.ts');

const DIARY_TARGET: Target = { halfLoadP99Ms: 30 };
const FRIENDS_TARGET: Target = { halfLoadP99Ms: 20 };
/** How many of the heaviest diarists and of the 500-follows people the requests rotate over. */
const DIARISTS = 20;
const FOLLOWERS = 200;
const SID_PREFIX = 'bench-diary-';

async function main(): Promise<void> {
  requireBuiltServer();
  const started = new Date();
  const { databaseUrl, client, handle } = await connectBenchDatabase();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'encore-diary-bench-'));
  try {
    const diarists = await client.query<{ id: string; shows: number }>(
      `SELECT u.id, count(*)::int AS shows
         FROM (SELECT id FROM users ORDER BY following_count DESC, id LIMIT 2000) u
         JOIN attendance a ON a.user_id = u.id AND a.status = 'attended'
        GROUP BY u.id ORDER BY shows DESC LIMIT $1`,
      [DIARISTS],
    );
    if (diarists.rows.length === 0) {
      throw new Error('The bench database has no attendance marks: run `npm run bench:data`.');
    }
    const followers = await client.query<{ id: string; following: number }>(
      `SELECT id, following_count AS following FROM users
        ORDER BY following_count DESC, id LIMIT $1`,
      [FOLLOWERS],
    );
    const concert = await client.query<{ id: string; friends: number }>(
      `SELECT a.concert_id AS id, count(*)::int AS friends
         FROM user_follows f
         JOIN attendance a ON a.user_id = f.following_id AND a.status = 'going'
        WHERE f.follower_id = $1 AND a.concert_date >= current_date
        GROUP BY a.concert_id ORDER BY friends DESC, a.concert_id LIMIT 1`,
      [followers.rows[0]!.id],
    );
    const marks = await client.query<{ n: string }>(
      `SELECT reltuples::bigint AS n FROM pg_class WHERE relname = 'attendance'`,
    );
    const friendsConcert = concert.rows[0];

    const sessionSecret = randomBytes(32).toString('hex');
    await signOut(handle.db, SID_PREFIX);
    const diaristCookies = sessionCookies(
      sessionSecret,
      await signIn(
        handle.db,
        diarists.rows.map((r) => r.id),
        SID_PREFIX,
      ),
    );
    const followerCookies = sessionCookies(
      sessionSecret,
      await signIn(
        handle.db,
        followers.rows.map((r) => r.id),
        SID_PREFIX,
      ),
    );

    const [port] = await freePorts(1);
    const app = startApp('app', port!, {
      databaseUrl,
      dataDir,
      sessionSecret,
      extraEnv: { RESPONSE_CACHE_SECONDS: '0' },
    });
    const baseUrl = `http://127.0.0.1:${port}`;
    await waitForHttp(`${baseUrl}/healthz`, app, 120_000);
    await vacuumChurnedTables(databaseUrl);
    await checkSignedIn(baseUrl, diaristCookies[0]!, diarists.rows[0]!.id);
    await waitToStart();

    const as =
      (cookies: string[], requestPath: string) =>
      (n: number): BenchRequest => ({
        path: requestPath,
        headers: { cookie: cookies[n % cookies.length]! },
      });
    const heaviest = diarists.rows[0]!.shows;
    const scenarios: Scenario[] = [
      {
        key: 'dy1',
        title: `GET /api/users/me/diary, as ${diarists.rows.length} people with up to ${heaviest} shows`,
        target: DIARY_TARGET,
        baseUrl,
        paths: ['/api/users/me/diary'],
        request: as(diaristCookies, '/api/users/me/diary'),
        serverPid: app.pid,
      },
      {
        key: 'dy2',
        title: `GET /api/users/me/diary/stats, the same people`,
        target: DIARY_TARGET,
        baseUrl,
        paths: ['/api/users/me/diary/stats'],
        request: as(diaristCookies, '/api/users/me/diary/stats'),
        serverPid: app.pid,
      },
    ];
    if (friendsConcert) {
      const friendsPath = `/api/concerts/${friendsConcert.id}/friends`;
      scenarios.push({
        key: 'fg',
        title: `GET ${friendsPath} (Friends going: ${friendsConcert.friends} of the first one's), as ${followers.rows.length} people who follow ${followers.rows[0]!.following} each`,
        target: FRIENDS_TARGET,
        baseUrl,
        paths: [friendsPath],
        request: as(followerCookies, friendsPath),
        serverPid: app.pid,
      });
    }
    const results = await runScenarios(scenarios);
    judgeResults(results);
    printTable(
      results,
      `dy1, dy2 p99 ≤ ${DIARY_TARGET.halfLoadP99Ms} ms at half load; fg ≤ ${FRIENDS_TARGET.halfLoadP99Ms} ms`,
    );
    console.log(
      `results: ${writeResults(started, {
        kind: 'diary',
        scenarios: results,
        data: {
          marks: Number(marks.rows[0]?.n ?? 0),
          heaviestDiary: heaviest,
          followingEach: followers.rows[0]!.following,
          friendsGoing: friendsConcert?.friends ?? 0,
        },
      })}`,
    );
  } finally {
    await shutdownChildren();
    await signOut(handle.db, SID_PREFIX).catch(() => {});
    await handle.close();
    await client.end();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

runMain(main);
