/**
 * Where a request's CPU goes: starts the built server under `node --cpu-prof` against the
 * bench database, loads one path with autocannon, stops it, and prints the profile's top
 * functions by self time and the share of each package.
 *
 *   npm run build && npm run bench:profile -- --path=/api/concerts --seconds=10
 *
 * Options: --path (repeatable, rotated), --seconds (measured load, default 10),
 * --uncached (RESPONSE_CACHE_SECONDS=0: every request reaches PostgreSQL), --cookie=<header>
 * (a signed-in read), --top (rows, default 25), --entry (default dist/server/main.js,
 * BENCH_SERVER_ENTRY too), --keep (leave the .cpuprofile in bench/results/profiles for
 * Chrome DevTools). Samples while nothing ran (idle) are left out of the shares.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { benchDatabaseUrl } from './bench-config.ts';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

const ROOT = path.resolve(import.meta.dirname, '..');
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);

const { values } = parseArgs({
  options: {
    path: { type: 'string', multiple: true, default: ['/api/concerts'] },
    seconds: { type: 'string', default: '10' },
    uncached: { type: 'boolean', default: false },
    cookie: { type: 'string' },
    top: { type: 'string', default: '25' },
    entry: { type: 'string' },
    keep: { type: 'boolean', default: false },
  },
});

async function main(): Promise<void> {
  const entry = path.resolve(
    ROOT,
    values.entry ?? process.env.BENCH_SERVER_ENTRY ?? 'dist/server/main.js',
  );
  const workDir = mkdtempSync(path.join(os.tmpdir(), 'encore-profile-'));
  const port = 4490 + Math.floor(Math.random() * 9);
  const server = spawn(
    process.execPath,
    ['--cpu-prof', `--cpu-prof-dir=${workDir}`, '--enable-source-maps', entry],
    {
      cwd: ROOT,
      stdio: ['ignore', 'ignore', 'inherit'],
      env: {
        ...process.env,
        NODE_ENV: 'production',
        PORT: String(port),
        HOST: '127.0.0.1',
        DATABASE_URL: benchDatabaseUrl(),
        DATA_DIR: path.join(workDir, 'data'),
        SEED_DEMO: '0',
        LOG_LEVEL: 'silent',
        PUBLIC_URL: `https://127.0.0.1:${port}`,
        TRUST_PROXY: 'loopback',
        SESSION_SECRET: process.env.SESSION_SECRET ?? randomBytes(32).toString('hex'),
        RESPONSE_CACHE_SECONDS: values.uncached ? '0' : (process.env.RESPONSE_CACHE_SECONDS ?? '5'),
        TICKETMASTER_API_KEY: '',
        SETLISTFM_API_KEY: '',
        OIDC_ISSUER_URL: '',
        OIDC_CLIENT_ID: '',
        OIDC_CLIENT_SECRET: '',
      },
    },
  );
  const base = `http://127.0.0.1:${port}`;
  const paths = values.path;
  try {
    await waitUntilAnswering(`${base}${paths[0]}`, server);
    await load(base, paths, 3);
    const result = await load(base, paths, Number(values.seconds));
    console.log(
      `${paths.join(', ')}${values.uncached ? ' (uncached)' : ''}: ${Math.round(result.requests.average)} req/s, ` +
        `p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, non-2xx ${result.non2xx}`,
    );
  } finally {
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
  }
  const file = readdirSync(workDir).find((name) => name.endsWith('.cpuprofile'));
  if (!file) throw new Error('the server wrote no profile');
  report(JSON.parse(readFileSync(path.join(workDir, file), 'utf8')) as CpuProfile);
  if (values.keep) {
    const kept = path.join(ROOT, 'bench', 'results', 'profiles');
    mkdirSync(kept, { recursive: true });
    renameSync(path.join(workDir, file), path.join(kept, file));
    console.log(`profile kept: ${path.relative(ROOT, path.join(kept, file))}`);
  }
  rmSync(workDir, { recursive: true, force: true });
}

async function waitUntilAnswering(url: string, server: ChildProcess): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`the server exited with ${server.exitCode}`);
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(2000) });
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${url} did not answer 200 within a minute`);
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
              'x-forwarded-for': `10.77.${(n >> 8) & 15}.${n & 255}`,
              ...(values.cookie ? { cookie: values.cookie } : {}),
            },
          };
        },
      },
    ],
  });
}

/** Self time per function and per package, as shares of the samples that were not idle. */
function report(profile: CpuProfile): void {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const selfMs = new Map<number, number>();
  profile.samples.forEach((id, i) => {
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

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
