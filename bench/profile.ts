/**
 * Where a request's CPU goes: starts the built server under `node --cpu-prof` against the
 * bench database, loads one path with autocannon, stops it, and prints the profile's top
 * functions by self time and the share of each package.
 *
 *   npm run build && npm run bench:profile -- --path=/api/concerts --seconds=10
 *
 * Options: --path (repeatable, rotated), --seconds (measured load, default 10),
 * --uncached (RESPONSE_CACHE_SECONDS=0: every request reaches PostgreSQL), --cookie=<header>
 * (a signed-in read, with SESSION_SECRET set to the secret that signed it), --top (rows,
 * default 25), --keep (leave the .cpuprofile in <results dir>/profiles for Chrome
 * DevTools), --embedded (the embedded default: PGlite in a new DATA_DIR with its demo
 * data, as `npm start` runs, instead of the bench database), --ceiling (then the same
 * paths from the same-bytes ceiling, bench/ceiling-server.ts, under the same load, and the
 * app's share of it), --no-profile (no --cpu-prof: the req/s of the server as deployed,
 * for that share). BENCH_SERVER_ENTRY profiles another build. The server starts as
 * bench:load starts it (harness.ts startApp). Samples while nothing ran (idle) are left out.
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { benchDatabaseUrl } from './bench-config.ts';
import {
  clientAddress,
  CONNECTIONS,
  freePorts,
  RESULTS_DIR,
  ROOT,
  probeAddress,
  rawGet,
  runMain,
  shutdownChildren,
  startApp,
  startCeilingServer,
  TRANSPORT_HEADERS,
  waitForHttp,
  writeCeilingQueries,
} from './harness.ts';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface CpuProfile {
  nodes: ProfileNode[];
  /** Microseconds, on the profiled process's clock. */
  endTime: number;
  samples: number[];
  timeDeltas: number[];
}

const { values } = parseArgs({
  options: {
    path: { type: 'string', multiple: true, default: ['/api/concerts'] },
    seconds: { type: 'string', default: '10' },
    uncached: { type: 'boolean', default: false },
    cookie: { type: 'string' },
    top: { type: 'string', default: '25' },
    keep: { type: 'boolean', default: false },
    embedded: { type: 'boolean', default: false },
    ceiling: { type: 'boolean', default: false },
    'no-profile': { type: 'boolean', default: false },
  },
});

async function main(): Promise<void> {
  const workDir = mkdtempSync(path.join(os.tmpdir(), 'encore-profile-'));
  const [port, ceilingPort] = (await freePorts(2)) as [number, number];
  const profiled = !values['no-profile'];
  const server = startApp('profiled', port, {
    // Empty is unset: the embedded database in DATA_DIR, which seeds its demo data.
    databaseUrl: values.embedded ? '' : benchDatabaseUrl(),
    dataDir: path.join(workDir, 'data'),
    sessionSecret: process.env.SESSION_SECRET ?? randomBytes(32).toString('hex'),
    extraEnv: {
      ...(values.uncached ? { RESPONSE_CACHE_SECONDS: '0' } : {}),
      ...(values.embedded ? { SEED_DEMO: '1' } : {}),
    },
    nodeArgs: profiled ? ['--cpu-prof', `--cpu-prof-dir=${workDir}`] : [],
  });
  const base = `http://127.0.0.1:${port}`;
  const paths = values.path;
  const database = values.embedded ? ', embedded' : '';
  // Only the samples from the measured load on count: start-up (migrations, the demo data
  // the embedded database seeds, compiling) would crowd the request's path out of the list.
  let measuredFrom: number | undefined;
  try {
    await waitForHttp(`${base}${paths[0]}`, server, 120_000);
    await load(base, paths, 3);
    measuredFrom = performance.now();
    const result = await load(base, paths, Number(values.seconds));
    console.log(
      `${paths.join(', ')}${values.uncached ? ' (uncached)' : ''}${database}: ${Math.round(result.requests.average)} req/s, ` +
        `p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, non-2xx ${result.non2xx}` +
        (profiled ? ' (profiled)' : ''),
    );
    if (values.ceiling) await measureCeiling(base, paths, ceilingPort, result.requests.average);
  } finally {
    // The profile is written as the server exits.
    await shutdownChildren();
  }
  const sinceMeasuredMs = performance.now() - (measuredFrom ?? 0);
  if (!profiled) {
    rmSync(workDir, { recursive: true, force: true });
    return;
  }
  const file = readdirSync(workDir).find((name) => name.endsWith('.cpuprofile'));
  if (!file) throw new Error('the server wrote no profile');
  report(JSON.parse(readFileSync(path.join(workDir, file), 'utf8')) as CpuProfile, sinceMeasuredMs);
  if (values.keep) {
    const kept = path.join(RESULTS_DIR, 'profiles');
    mkdirSync(kept, { recursive: true });
    renameSync(path.join(workDir, file), path.join(kept, file));
    console.log(`profile kept: ${path.relative(ROOT, path.join(kept, file))}`);
  }
  rmSync(workDir, { recursive: true, force: true });
}

/**
 * The same-bytes ceiling of `paths` (harness/same-bytes.ts): the app's answers, as the load
 * gets them, sent by a bare Fastify from memory under the same load; and the app's share.
 */
async function measureCeiling(
  appBase: string,
  paths: string[],
  fastifyPort: number,
  appRate: number,
): Promise<void> {
  const workDir = mkdtempSync(path.join(os.tmpdir(), 'encore-profile-ceiling-'));
  const ceiling = startCeilingServer({
    // Its SQL server is not asked anything here: the pool never connects.
    databaseUrl: 'postgres://127.0.0.1:1/unused',
    sqlPort: 0,
    fastifyPort,
    queriesFile: writeCeilingQueries(workDir, []),
  });
  const fastifyUrl = `http://127.0.0.1:${fastifyPort}`;
  await waitForHttp(`${fastifyUrl}/hello`, ceiling, 30_000);
  const responses = [];
  for (const [i, appPath] of paths.entries()) {
    const response = await rawGet(appBase + appPath, { 'x-forwarded-for': probeAddress(i) });
    const headers = Object.fromEntries(
      Object.entries(response.headers).filter(
        ([name, value]) => value !== undefined && !TRANSPORT_HEADERS.has(name),
      ),
    );
    responses.push({
      path: appPath,
      status: response.status,
      headers,
      body: response.body.toString('utf8'),
    });
  }
  const stored = await fetch(`${fastifyUrl}/bytes/profile`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ responses }),
  });
  if (!stored.ok) throw new Error(`the ceiling server answered ${stored.status}`);
  const ceilingPaths = paths.map((appPath) => `/bytes/profile${appPath}`);
  await load(fastifyUrl, ceilingPaths, 3);
  const result = await load(fastifyUrl, ceilingPaths, Number(values.seconds));
  const rate = result.requests.average;
  console.log(
    `same-bytes ceiling: ${Math.round(rate)} req/s, p50 ${result.latency.p50} ms, ` +
      `p99 ${result.latency.p99} ms, non-2xx ${result.non2xx}; the app: ${Math.round((appRate / rate) * 100)} % of it`,
  );
  rmSync(workDir, { recursive: true, force: true });
}

function load(base: string, paths: string[], seconds: number) {
  let n = 0;
  return autocannon({
    url: base,
    connections: CONNECTIONS,
    duration: seconds,
    requests: [
      {
        setupRequest: (request) => {
          n += 1;
          return {
            ...request,
            path: paths[n % paths.length]!,
            headers: {
              ...request.headers,
              // Many clients, as in bench:load, so the rate limiter stays in the path.
              'x-forwarded-for': clientAddress(n),
              ...(values.cookie ? { cookie: values.cookie } : {}),
            },
          };
        },
      },
    ],
  });
}

/**
 * Self time per function and per package, as shares of the samples that were not idle,
 * of the last `lastMs` of the profile (the measured load, the ceiling's and the exit).
 */
function report(profile: CpuProfile, lastMs: number): void {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const selfMs = new Map<number, number>();
  const timestamps: number[] = [];
  let at = profile.endTime;
  for (let i = profile.samples.length - 1; i >= 0; i--) {
    timestamps[i] = at;
    at -= profile.timeDeltas[i] ?? 0;
  }
  const from = profile.endTime - lastMs * 1000;
  profile.samples.forEach((id, i) => {
    if (timestamps[i]! < from) return;
    selfMs.set(id, (selfMs.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000);
  });
  const functions = new Map<string, number>();
  const packages = new Map<string, number>();
  let busy = 0;
  for (const [id, ms] of selfMs) {
    const frame = byId.get(id)!.callFrame;
    if (frame.functionName === '(idle)') continue;
    busy += ms;
    const where = frame.url ? `${shortUrl(frame.url)}:${frame.lineNumber + 1}` : '';
    const key = `${frame.functionName || '(anonymous)'} ${where}`.trim();
    functions.set(key, (functions.get(key) ?? 0) + ms);
    const owner = packageOf(frame);
    packages.set(owner, (packages.get(owner) ?? 0) + ms);
  }
  const top = Number(values.top);
  const share = (ms: number) => `${((ms / busy) * 100).toFixed(1).padStart(5)} %`;
  console.log(`\nbusy ${(busy / 1000).toFixed(1)} s of samples\n\nby package (self time):`);
  for (const [name, ms] of [...packages].sort((a, b) => b[1] - a[1]).slice(0, 15)) {
    console.log(`  ${share(ms)}  ${name}`);
  }
  console.log(`\ntop ${top} functions (self time):`);
  for (const [name, ms] of [...functions].sort((a, b) => b[1] - a[1]).slice(0, top)) {
    console.log(`  ${share(ms)}  ${name}`);
  }
}

function shortUrl(url: string): string {
  const modules = url.lastIndexOf('node_modules/');
  if (modules >= 0) return url.slice(modules + 'node_modules/'.length);
  return url.replace(/^file:\/\//, '').replace(`${ROOT}/`, '');
}

/** The npm package a frame belongs to, "app" for the bundle, "node" for Node's own code. */
function packageOf(frame: ProfileNode['callFrame']): string {
  const { url, functionName } = frame;
  if (!url) return functionName.startsWith('(') ? functionName : 'native';
  const modules = url.lastIndexOf('node_modules/');
  if (modules >= 0) {
    const rest = url.slice(modules + 'node_modules/'.length).split('/');
    return rest[0]!.startsWith('@') ? `${rest[0]}/${rest[1]}` : rest[0]!;
  }
  if (url.startsWith('node:')) return 'node';
  return url.includes('/dist/') || url.includes('/src/') ? 'app' : url;
}

runMain(main);
