/**
 * What HAProxy costs: one built app instance read directly and through HAProxy
 * (deploy/haproxy.cfg with that one server), in the same run, on the bench database.
 *
 *   npm run build && npm run bench:haproxy
 *
 * Two reads, each measured direct / through HAProxy / through HAProxy / direct, so that
 * drift on the machine falls on both sides alike; each side's figure is the mean of its two
 * runs:
 *   h1  GET /api/concerts, anonymous: the cached concert read (bench:load a);
 *   h2  GET /api/reviews?limit=20&sort=recent signed in, as 200 people in turn: the
 *       signed-in review list (bench:reviews r3), which the response cache does not serve.
 * Target: through HAProxy keeps >= 85 % of the direct req/s.
 *
 * HAProxy replaces the X-Forwarded-For the load generator sends, so every request through it
 * comes from one address: the app runs with API_RATE_LIMIT high enough not to refuse any,
 * and still counts each (the limiter stays in the measured path on both sides). HAProxy's
 * CPU shows as "other" in the table.
 *
 * Where HAProxy runs (BENCH_HAPROXY_CORES):
 *   own     (default) as deployed, on a core of its own: HAProxy on the last core, the load
 *           generator and the app on the others, on both sides of each pair, so both sides
 *           give the app the same cores and the figure is what passing through HAProxy costs;
 *   shared  HAProxy takes its CPU from the same cores as the app and the load generator,
 *           so the figure also counts HAProxy's own work against the app's throughput.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { haproxyConfig } from '../scripts/haproxy-config.mjs';
import { openDatabase } from '../src/server/db/index.ts';
import { benchDatabaseUrl } from './bench-config.ts';
import {
  freePorts,
  printTable,
  requireBuiltServer,
  ROOT,
  runMain,
  runScenario,
  runSettings,
  selectScenarios,
  shutdownChildren,
  startApp,
  waitForHttp,
  waitToStart,
  writeResults,
  type Scenario,
  type ScenarioResult,
} from './harness.ts';
import { checkSignedIn, sessionCookies, signIn, signOut } from './sessions.ts';

const SHARE_TARGET = 0.85;
const PEOPLE = 200;
const SID_PREFIX = 'bench-haproxy-';
const RECENT = '/api/reviews?limit=20&sort=recent';

type HaproxyCores = 'own' | 'shared';

function haproxyCores(): HaproxyCores {
  const value = process.env.BENCH_HAPROXY_CORES ?? 'own';
  if (value !== 'own' && value !== 'shared') {
    throw new Error(`BENCH_HAPROXY_CORES is "own" or "shared", not "${value}"`);
  }
  return value;
}

/**
 * With HAProxy on a core of its own: keeps this process (the load generator) and what it
 * starts from now on (the app) off the last core, and returns that core for HAProxy.
 */
function setAsideCoreForHaproxy(): number {
  const cores = os.availableParallelism();
  if (cores < 2) throw new Error('BENCH_HAPROXY_CORES=own needs at least 2 cores');
  const last = cores - 1;
  execFileSync('taskset', ['-a', '-p', '-c', `0-${last - 1}`, String(process.pid)], {
    stdio: 'ignore',
  });
  return last;
}

function startHaproxy(configFile: string, core: number | undefined): ChildProcess {
  const haproxyCommand = [process.env.HAPROXY ?? 'haproxy', '-W', '-db', '-f', configFile];
  const [command, ...args] =
    core === undefined ? haproxyCommand : ['taskset', '-c', String(core), ...haproxyCommand];
  const haproxy = spawn(command!, args, { stdio: ['ignore', 'ignore', 'inherit'] });
  haproxy.once('error', (error) => {
    console.error(
      `haproxy did not start (${error.message}); install it: apt-get install -y haproxy`,
    );
    process.exit(1);
  });
  return haproxy;
}

/** Polls through HAProxy until its health check has brought the app in. */
async function waitForBackend(frontUrl: string, haproxy: ChildProcess): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (haproxy.exitCode !== null) throw new Error(`haproxy exited with ${haproxy.exitCode}`);
    const status = await fetch(`${frontUrl}/readyz`).then(
      (response) => response.status,
      () => 0,
    );
    if (status === 200) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error('HAProxy did not bring the app in within 30 s');
}

interface Pair {
  key: string;
  title: string;
  direct: ScenarioResult[];
  proxied: ScenarioResult[];
}

const mean = (results: ScenarioResult[]) =>
  Math.round(results.reduce((sum, r) => sum + r.requestsPerSecond, 0) / results.length);

async function main(): Promise<void> {
  requireBuiltServer();
  const databaseUrl = benchDatabaseUrl();
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const handle = await openDatabase({ databaseUrl, dataDir: 'data/bench-unused' });
  const workDir = mkdtempSync(path.join(os.tmpdir(), 'encore-haproxy-'));
  const sessionSecret = randomBytes(32).toString('hex');
  const started = new Date();
  const cores = haproxyCores();
  const haproxyCore = cores === 'own' ? setAsideCoreForHaproxy() : undefined;
  let haproxy: ChildProcess | undefined;
  try {
    const people = (
      await client.query<{ id: string }>('SELECT id FROM users ORDER BY id LIMIT $1', [PEOPLE])
    ).rows.map((row) => row.id);
    if (people.length === 0) {
      throw new Error('The bench database is empty: run `npm run bench:data` first.');
    }
    await signOut(handle.db, SID_PREFIX);
    const cookies = sessionCookies(sessionSecret, await signIn(handle.db, people, SID_PREFIX));

    const [appPort, frontPort, statsPort] = (await freePorts(3)) as [number, number, number];
    const app = startApp('app', appPort, {
      databaseUrl,
      dataDir: path.join(workDir, 'data'),
      sessionSecret,
      extraEnv: { API_RATE_LIMIT: '1000000000' },
    });
    const appUrl = `http://127.0.0.1:${appPort}`;
    const frontUrl = `http://127.0.0.1:${frontPort}`;
    await waitForHttp(`${appUrl}/readyz`, app, 60_000);

    const configFile = path.join(workDir, 'haproxy.cfg');
    writeFileSync(
      configFile,
      haproxyConfig(readFileSync(path.join(ROOT, 'deploy/haproxy.cfg'), 'utf8'), {
        bind: `127.0.0.1:${frontPort}`,
        statsBind: `127.0.0.1:${statsPort}`,
        servers: [{ name: 'app1', address: `127.0.0.1:${appPort}` }],
      }),
    );
    haproxy = startHaproxy(configFile, haproxyCore);
    await waitForBackend(frontUrl, haproxy);
    await checkSignedIn(frontUrl, cookies[0]!, people[0]!);

    const busyBefore = await waitToStart();
    const reads = (baseUrl: string, side: string): Scenario[] => [
      {
        key: `h1-${side}`,
        title: `GET /api/concerts (first page), anonymous (${side})`,
        baseUrl,
        paths: ['/api/concerts'],
        serverPid: app.pid,
      },
      {
        key: `h2-${side}`,
        title: `GET ${RECENT} signed in, as ${cookies.length} people in turn (${side})`,
        baseUrl,
        paths: [RECENT],
        request: (n) => ({ path: RECENT, headers: { cookie: cookies[n % cookies.length]! } }),
        serverPid: app.pid,
      },
    ];
    const direct = reads(appUrl, 'direct');
    const proxied = reads(frontUrl, 'haproxy');
    const pairs: Pair[] = selectScenarios(direct).map((scenario) => ({
      key: scenario.key.replace(/-direct$/, ''),
      title: scenario.title.replace(/ \(direct\)$/, ''),
      direct: [],
      proxied: [],
    }));
    const results: ScenarioResult[] = [];
    for (const pair of pairs) {
      const find = (list: Scenario[]) => list.find((s) => s.key.startsWith(`${pair.key}-`))!;
      for (const [side, list] of [
        ['direct', direct],
        ['proxied', proxied],
        ['proxied', proxied],
        ['direct', direct],
      ] as const) {
        const result = await runScenario(find(list));
        pair[side].push(result);
        results.push(result);
      }
    }

    const verdicts = pairs.map((pair) => {
      const share = mean(pair.proxied) / Math.max(1, mean(pair.direct));
      return {
        key: pair.key,
        title: pair.title,
        directRequestsPerSecond: mean(pair.direct),
        haproxyRequestsPerSecond: mean(pair.proxied),
        share: Number(share.toFixed(3)),
        verdict: share >= SHARE_TARGET ? 'PASS' : 'FAIL',
      };
    });
    printTable(
      results,
      `HAProxy on ${cores === 'own' ? `core ${haproxyCore} of its own` : 'the shared cores'}; ` +
        `target: through HAProxy >= ${SHARE_TARGET * 100} % of direct req/s`,
    );
    console.log('');
    for (const v of verdicts) {
      console.log(
        `${v.key}: direct ${v.directRequestsPerSecond.toLocaleString('en-US')} req/s, ` +
          `through HAProxy ${v.haproxyRequestsPerSecond.toLocaleString('en-US')} req/s = ` +
          `${Math.round(v.share * 100)} %: ${v.verdict}  (${v.title})`,
      );
    }
    const file = writeResults(started, {
      bench: 'haproxy',
      settings: { ...runSettings(), haproxyCores: cores },
      busyBefore,
      results,
      verdicts,
    });
    console.log(`\nresults: ${path.relative(ROOT, file)}`);
  } finally {
    haproxy?.kill('SIGTERM');
    await signOut(handle.db, SID_PREFIX).catch(() => {});
    await shutdownChildren();
    await handle.close();
    await client.end();
    rmSync(workDir, { recursive: true, force: true });
  }
}

runMain(main);
