/**
 * What every load benchmark shares: starting the built server and reference processes on
 * free ports, driving a scenario with autocannon (warm-up, then a measured run, repeated
 * when other work on the machine disturbed it), CPU accounting, the printed table and the
 * results file. concerts-load.ts and reviews-load.ts describe only their scenarios.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon, { type AutocannonRequest, type AutocannonResult } from 'autocannon';
import type { SameBytesResponse } from './ceiling-server.ts';
import type { BenchQuery } from './queries.ts';
import { type CpuShare, startCpuSample, waitForQuietMachine } from './cpu.ts';
import { residentMb, sampledPeakMb, startRssSampler } from './rss.ts';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** The built server; BENCH_SERVER_ENTRY points elsewhere (e.g. a build kept apart from dist/). */
export const SERVER_ENTRY = path.resolve(
  ROOT,
  process.env.BENCH_SERVER_ENTRY ?? path.join('dist', 'server', 'main.js'),
);
/**
 * Where runs write their results files: outside git (bench/results/ is ignored), since
 * each run's figures belong to its machine; bench/SUMMARY.md keeps the current ones.
 */
export const RESULTS_DIR = path.resolve(
  ROOT,
  process.env.BENCH_RESULTS_DIR ?? path.join('bench', 'results'),
);

export const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
export const DURATION_S = Number(process.env.BENCH_DURATION ?? 10);
export const WARMUP_S = Number(process.env.BENCH_WARMUP ?? 3);
/** Seconds to wait for other work on the machine to finish before starting. */
export const WAIT_QUIET_S = Number(process.env.BENCH_WAIT_QUIET ?? 180);
const PORT_RANGE = { from: 4400, to: 4499 };
const CLIENT_ADDRESSES = 4096;
/** A run during which other work took more than this (percent of one core) is repeated. */
const NOISE_LIMIT = 30;
const MAX_ATTEMPTS = Math.max(1, Number(process.env.BENCH_ATTEMPTS ?? 3));
/** BENCH_ONLY=a,b,d2 runs only these scenarios. */
export const ONLY = process.env.BENCH_ONLY?.split(',').map((key) => key.trim());

/** What a scenario is held to; every bar it names must be met, with no bad status or error. */
export interface Target {
  requestsPerSecond?: number;
  /** None for writes, whose bar is throughput and correctness. */
  p99Ms?: number;
  /** req/s at least this share of its `ceiling` scenario's, measured in the same run. */
  shareOfCeiling?: number;
}

/**
 * A cached anonymous read: besides a fixed rate, held to the same-bytes ceiling (Fastify
 * sending the same response from memory), so what the app spends per request beyond
 * sending its bytes shows whatever the machine's speed.
 */
export const CACHED_READ_TARGET: Target = {
  requestsPerSecond: 1500,
  p99Ms: 15,
  shareOfCeiling: 0.7,
};

/** A cache miss: against the same statements, sent the same way, through bare pg. */
export const UNCACHED_READ_TARGET: Target = { shareOfCeiling: 0.8 };

/** The most memory (MB) an app server may hold resident at any point of a run. */
export const SERVER_RSS_TARGET_MB = 250;

export interface Scenario {
  key: string;
  title: string;
  /** What it is held to; reference scenarios have none. */
  target?: Target;
  baseUrl: string;
  /** Paths to rotate over (one per request, round robin); the probe reads the first three. */
  paths: string[];
  /**
   * The n-th request, when it is more than a GET of the next path (a cookie of its own,
   * another method). n runs on from the warm-up into the measured run, so a sequence of
   * writes is not repeated; the probe sends requests 0-2 when they are GETs.
   */
  request?: (n: number) => BenchRequest;
  /** The process answering, for its CPU time and memory. */
  serverPid: number | undefined;
  /** The status every response should have; 2xx when unset. */
  expectStatus?: number;
  /**
   * Runs before the probe (e.g. reads what the requests need from the app); answers why the
   * scenario cannot run, which skips it, or undefined.
   */
  before?: () => Promise<string | undefined>;
  /** The key of the reference scenario whose req/s this one's is shown (and held) against. */
  ceiling?: string;
}

export interface BenchRequest {
  method?: string;
  path: string;
  headers?: Record<string, string>;
}

export interface ScenarioResult {
  key: string;
  title: string;
  url: string;
  requestsPerSecond: number;
  latencyMs: { p50: number; p90: number; p99: number; max: number; average: number };
  requests: number;
  /** autocannon's count of responses outside 200-299. */
  non2xx: number;
  /** When the scenario expects one status (a 304) rather than any 2xx. */
  expectedStatus?: number;
  /** Responses with another status than expected (non2xx when any 2xx is expected). */
  unexpectedStatus: number;
  statusCodes: Record<string, number>;
  errors: number;
  timeouts: number;
  bytesPerSecond: number;
  cpuPercentOfOneCore: CpuShare;
  /** CPU milliseconds per request: the answering process, PostgreSQL, the load generator. */
  cpuMsPerRequest: { server: number | null; postgres: number; loadGenerator: number };
  /**
   * The req/s the machine's cores could serve if nothing else ran: cores / (CPU per
   * request of server + PostgreSQL + load generator). Robust to other work on the machine,
   * which lowers req/s but hardly the CPU each request costs.
   */
  cpuBoundCapacity: number | null;
  /** Measured runs made; more than one when other work on the machine disturbed a run. */
  attempts: number;
  /** Other work still took more than NOISE_LIMIT during the kept run. */
  noisy: boolean;
  /** Largest resident memory (VmRSS, sampled every 250 ms) of the answering process. */
  rssMaxMb: number | null;
  target?: Target;
  verdict: 'PASS' | 'FAIL' | 'reference' | 'skipped';
  /** The reference scenario (a same-bytes or bare-pg ceiling) it is measured against. */
  ceiling?: string;
  /** req/s as a share of the ceiling's; absent when the ceiling was not measured. */
  ofCeiling?: { key: string; share: number };
  note?: string;
}

// ---------------------------------------------------------------------------
// Processes

const children: ChildProcess[] = [];
let current: { stop(): void } | undefined;

function stopChildren(): void {
  for (const child of children) {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
  }
}

async function waitForExit(child: ChildProcess, ms: number): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  await new Promise<void>((resolve) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      resolve();
    }, ms);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
  });
}

export async function shutdownChildren(): Promise<void> {
  stopChildren();
  await Promise.all(children.map((child) => waitForExit(child, 20_000)));
}

process.on('exit', stopChildren);
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    console.error(`\n${signal}: stopping`);
    current?.stop();
    void shutdownChildren().finally(() => process.exit(130));
  });
}

function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

export async function freePorts(count: number): Promise<number[]> {
  const ports: number[] = [];
  for (let port = PORT_RANGE.from; port <= PORT_RANGE.to && ports.length < count; port += 1) {
    if (await portIsFree(port)) ports.push(port);
  }
  if (ports.length < count)
    throw new Error(`no ${count} free ports in ${PORT_RANGE.from}-${PORT_RANGE.to}`);
  return ports;
}

export function startProcess(name: string, args: string[], env: NodeJS.ProcessEnv): ChildProcess {
  const child = spawn(process.execPath, args, {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  const output: string[] = [];
  const keep = (chunk: Buffer) => {
    output.push(chunk.toString());
    if (output.length > 50) output.shift();
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  child.once('exit', (code, signal) => {
    if (code !== 0 && code !== null && signal === null) {
      console.error(`${name} exited with ${code}:\n${output.join('').slice(-4000)}`);
    }
  });
  return child;
}

/** Polls `url` until it answers (any status), the child dies, or `timeoutMs` passes. */
export async function waitForHttp(
  url: string,
  child: ChildProcess,
  timeoutMs: number,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null)
      throw new Error(`process for ${url} exited with ${child.exitCode}`);
    try {
      await fetch(url, { signal: AbortSignal.timeout(2000) });
      return;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms`);
}

// ---------------------------------------------------------------------------
// Load

export function clientAddress(n: number): string {
  const i = n % CLIENT_ADDRESSES;
  return `10.77.${i >> 8}.${i & 255}`;
}

/** The address of the i-th request made before a run (probe, same-bytes capture). */
function probeAddress(i: number): string {
  return clientAddress(CLIENT_ADDRESSES - 1 - i);
}

function isExpected(scenario: Scenario, status: number): boolean {
  return scenario.expectStatus === undefined
    ? status >= 200 && status < 300
    : status === scenario.expectStatus;
}

function nthRequest(scenario: Scenario, n: number): Required<BenchRequest> {
  const custom = scenario.request?.(n);
  return {
    method: custom?.method ?? 'GET',
    path: custom?.path ?? scenario.paths[n % scenario.paths.length]!,
    headers: custom?.headers ?? {},
  };
}

function requestsFor(scenario: Scenario, sequence: { n: number }): AutocannonRequest[] {
  return [
    {
      method: 'GET',
      setupRequest: (request) => {
        sequence.n += 1;
        const next = nthRequest(scenario, sequence.n);
        return {
          ...request,
          method: next.method,
          path: next.path,
          headers: {
            ...request.headers,
            ...next.headers,
            'x-forwarded-for': clientAddress(sequence.n),
          },
        };
      },
    },
  ];
}

async function fire(
  scenario: Scenario,
  sequence: { n: number },
  seconds: number,
): Promise<AutocannonResult> {
  const instance = autocannon({
    url: scenario.baseUrl,
    connections: CONNECTIONS,
    duration: seconds,
    timeout: 10,
    requests: requestsFor(scenario, sequence),
  });
  current = instance;
  try {
    return await instance;
  } finally {
    current = undefined;
  }
}

/** The first requests before the run: status and a size, so a broken scenario is visible. */
async function probe(scenario: Scenario): Promise<{ ok: boolean; note: string }> {
  const sample = [0, 1, 2]
    .slice(0, Math.max(1, Math.min(3, scenario.paths.length)))
    .map((n) => nthRequest(scenario, n));
  // Writes are not sent twice for a probe: their run reports every status anyway.
  if (sample.some((request) => request.method !== 'GET')) {
    return { ok: true, note: 'writes, not probed' };
  }
  const notes: string[] = [];
  let ok = true;
  for (const [i, request] of sample.entries()) {
    const response = await fetch(scenario.baseUrl + request.path, {
      headers: { ...request.headers, 'x-forwarded-for': probeAddress(i) },
      signal: AbortSignal.timeout(10_000),
    });
    const body = await response.text();
    if (!isExpected(scenario, response.status)) {
      ok = false;
      notes.push(`${response.status} ${body.slice(0, 120)}`);
      continue;
    }
    if (body.length === 0) {
      notes.push(`${response.status}, no body`);
      continue;
    }
    let items = '';
    try {
      const parsed: unknown = JSON.parse(body);
      if (Array.isArray(parsed)) items = `${parsed.length} items, `;
    } catch {
      // not JSON: size only
    }
    notes.push(`${items}${(body.length / 1024).toFixed(1)} KB`);
  }
  return { ok, note: notes.join('; ') };
}

export async function runScenario(scenario: Scenario): Promise<ScenarioResult> {
  const url = scenario.baseUrl + scenario.paths[0];
  const empty = {
    key: scenario.key,
    title: scenario.title,
    url,
    requestsPerSecond: 0,
    latencyMs: { p50: 0, p90: 0, p99: 0, max: 0, average: 0 },
    requests: 0,
    non2xx: 0,
    expectedStatus: scenario.expectStatus,
    unexpectedStatus: 0,
    statusCodes: {},
    errors: 0,
    timeouts: 0,
    bytesPerSecond: 0,
    cpuPercentOfOneCore: {
      server: null,
      loadGenerator: 0,
      postgres: null,
      other: null,
      machineBusyPercent: null,
      cores: os.cpus().length,
      seconds: { server: null, postgres: 0, loadGenerator: 0, wall: 0 },
    },
    cpuMsPerRequest: { server: null, postgres: 0, loadGenerator: 0 },
    cpuBoundCapacity: null,
    attempts: 0,
    noisy: false,
    rssMaxMb: null,
    target: scenario.target,
    ceiling: scenario.ceiling,
  };
  const unready = await scenario.before?.();
  if (unready !== undefined) {
    console.log(`  ${scenario.key}: skipped (${unready})`);
    return { ...empty, verdict: 'skipped', note: unready };
  }
  const check = await probe(scenario);
  if (!check.ok) {
    console.log(`  ${scenario.key}: skipped (${check.note})`);
    return { ...empty, verdict: 'skipped', note: check.note };
  }
  console.log(`  ${scenario.key}: ${scenario.title} [probe: ${check.note}]`);
  // Other work on the machine steals cores: repeat a disturbed run, keep the least disturbed.
  const runs: { r: AutocannonResult; cpu: CpuShare }[] = [];
  const sequence = { n: 0 };
  // Over warm-ups and every attempt: memory a server takes under load stays taken.
  const rssMax = startRssSampler(scenario.serverPid);
  for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt += 1) {
    if (attempt > 1) {
      console.log(`    other work took ${runs.at(-1)?.cpu.other}% of a core: measuring again`);
      await waitForQuietMachine(60);
    }
    await fire(scenario, sequence, WARMUP_S);
    const sample = startCpuSample(scenario.serverPid);
    const r = await fire(scenario, sequence, DURATION_S);
    runs.push({ r, cpu: sample() });
    if ((runs.at(-1)!.cpu.other ?? 0) <= NOISE_LIMIT) break;
  }
  const rssMaxMb = rssMax();
  const { r, cpu } = runs.reduce((best, run) =>
    (run.cpu.other ?? 0) < (best.cpu.other ?? 0) ? run : best,
  );
  const perRequest = (seconds: number) =>
    r.requests.total > 0 ? Number(((seconds * 1000) / r.requests.total).toFixed(3)) : 0;
  const statusCodes = Object.fromEntries(
    Object.entries(r.statusCodeStats).map(([code, s]) => [code, s.count]),
  );
  const unexpectedStatus = Object.entries(statusCodes)
    .filter(([code]) => !isExpected(scenario, Number(code)))
    .reduce((sum, [, count]) => sum + count, 0);
  const result: ScenarioResult = {
    ...empty,
    requestsPerSecond: Math.round(r.requests.average),
    latencyMs: {
      p50: r.latency.p50,
      p90: r.latency.p90,
      p99: r.latency.p99,
      max: r.latency.max,
      average: Number(r.latency.average.toFixed(2)),
    },
    requests: r.requests.total,
    non2xx: r.non2xx,
    unexpectedStatus,
    statusCodes,
    errors: r.errors,
    timeouts: r.timeouts,
    bytesPerSecond: Math.round(r.throughput.average),
    cpuPercentOfOneCore: cpu,
    cpuMsPerRequest: {
      server: cpu.seconds.server === null ? null : perRequest(cpu.seconds.server),
      postgres: perRequest(cpu.seconds.postgres),
      loadGenerator: perRequest(cpu.seconds.loadGenerator),
    },
    cpuBoundCapacity:
      cpu.seconds.server === null || r.requests.total === 0
        ? null
        : Math.round(
            (cpu.cores * r.requests.total) /
              (cpu.seconds.server + cpu.seconds.postgres + cpu.seconds.loadGenerator),
          ),
    attempts: runs.length,
    noisy: (cpu.other ?? 0) > NOISE_LIMIT,
    rssMaxMb,
    // Judged by judgeResults once the ceilings it may be held to have run too.
    verdict: 'reference',
    note: check.note,
  };
  return result;
}

/**
 * Sets each result's share of its ceiling and its verdict against its target. A share
 * whose ceiling was not measured (BENCH_ONLY, skipped) is left out of the verdict, with a note.
 */
export function judgeResults(results: ScenarioResult[]): void {
  for (const result of results) {
    const ceiling = results.find((r) => r.key === result.ceiling);
    if (ceiling && ceiling.verdict !== 'skipped' && ceiling.requestsPerSecond > 0) {
      const share = result.requestsPerSecond / ceiling.requestsPerSecond;
      result.ofCeiling = { key: ceiling.key, share: Number(share.toFixed(3)) };
    }
    const target = result.target;
    if (!target || result.verdict === 'skipped') continue;
    const share = result.ofCeiling?.share;
    if (target.shareOfCeiling !== undefined && share === undefined) {
      const missing = `${result.ceiling ?? 'its ceiling'} not measured: share not judged`;
      result.note = result.note ? `${missing}; ${result.note}` : missing;
    }
    const pass =
      result.requestsPerSecond >= (target.requestsPerSecond ?? 0) &&
      result.latencyMs.p99 <= (target.p99Ms ?? Infinity) &&
      (share ?? Infinity) >= (target.shareOfCeiling ?? 0) &&
      result.unexpectedStatus === 0 &&
      result.errors === 0;
    result.verdict = pass ? 'PASS' : 'FAIL';
  }
}

// ---------------------------------------------------------------------------
// Same-bytes ceiling

/** How many of a rotating scenario's paths the same-bytes ceiling answers, in turn. */
const SAME_BYTES_PATHS = 20;
/** What Node and the socket set on every response, not what the app chose to send. */
const TRANSPORT_HEADERS = new Set([
  'date',
  'connection',
  'keep-alive',
  'content-length',
  'transfer-encoding',
]);

export interface RawResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/**
 * A GET sent as autocannon sends it: no Accept-Encoding or other header that fetch would
 * add, so the status, headers and bytes are the ones the load receives.
 */
export function rawGet(url: string, headers: Record<string, string>): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { headers, timeout: 10_000 }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({
          status: response.statusCode ?? 0,
          headers: response.headers,
          body: Buffer.concat(chunks),
        }),
      );
      response.on('error', reject);
    });
    request.on('timeout', () => request.destroy(new Error(`GET ${url} timed out`)));
    request.on('error', reject);
  });
}

/** The app's headers of a response, without the transport's. */
function appHeaders(headers: http.IncomingHttpHeaders): Record<string, string | string[]> {
  const kept: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value !== undefined && !TRANSPORT_HEADERS.has(name)) kept[name] = value;
  }
  return kept;
}

/**
 * Reads the app's responses to the first paths of `scenario` (as the probe does) and
 * stores them in the ceiling server under the scenario's key. Answers why not, or undefined.
 */
async function storeSameBytes(
  scenario: Scenario,
  paths: string[],
  fastifyUrl: string,
): Promise<string | undefined> {
  const responses: SameBytesResponse[] = [];
  for (const [i, appPath] of paths.entries()) {
    const response = await rawGet(scenario.baseUrl + appPath, {
      'x-forwarded-for': probeAddress(i),
    });
    if (!isExpected(scenario, response.status)) {
      return `${scenario.key} answered ${response.status} to ${appPath}`;
    }
    responses.push({
      path: appPath,
      status: response.status,
      headers: appHeaders(response.headers),
      body: response.body.toString('utf8'),
    });
  }
  const stored = await fetch(`${fastifyUrl}/bytes/${scenario.key}`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ responses }),
    signal: AbortSignal.timeout(10_000),
  });
  return stored.ok ? undefined : `the ceiling server answered ${stored.status} to the responses`;
}

/**
 * `scenario` (a cached read of the app) held to its same-bytes ceiling, and that ceiling:
 * Fastify answering, from memory, the app's own responses to the first paths: status,
 * body, and every header but the transport's. They run one after the other, so both see
 * the same machine; the ceiling reads the app's responses just before it runs.
 */
export function withSameBytesCeiling(
  scenario: Scenario,
  servers: BenchServers,
): [Scenario, Scenario] {
  const key = `${scenario.key}-bytes`;
  const paths = scenario.paths.slice(0, SAME_BYTES_PATHS);
  const rotating = paths.length > 1 ? `, ${paths.length} of its paths in turn` : '';
  return [
    { ...scenario, ceiling: key },
    {
      key,
      title: `ceiling: Fastify sending ${scenario.key}'s response bytes and headers from memory${rotating}`,
      baseUrl: servers.fastifyUrl,
      paths: paths.map((appPath) => `/bytes/${scenario.key}${appPath}`),
      before: () => storeSameBytes(scenario, paths, servers.fastifyUrl),
      serverPid: servers.ceiling.pid,
    },
  ];
}

// ---------------------------------------------------------------------------

export function gitCommit(): string | undefined {
  try {
    return execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: ROOT }).toString().trim();
  } catch {
    return undefined;
  }
}

export function printTable(results: ScenarioResult[], targets: string): void {
  // The column appears only in runs that hold scenarios to a ceiling.
  const ceilings = results.some((r) => r.ceiling);
  const ofCeiling = (r: ScenarioResult) => {
    if (r.ofCeiling) return `${Math.round(r.ofCeiling.share * 100)} % of ${r.ofCeiling.key}`;
    return r.ceiling && r.verdict !== 'skipped' ? `${r.ceiling} not run` : '-';
  };
  const header = [
    'scenario',
    'req/s',
    'p50 ms',
    'p99 ms',
    'bad status',
    'errors',
    ...(ceilings ? ['of ceiling'] : []),
    'CPU ms/req srv/pg',
    'cap. req/s',
    'RSS MB',
    'CPU % srv/pg/gen/other',
    'verdict',
  ];
  const rows = results.map((r) => [
    r.key,
    r.requestsPerSecond.toLocaleString('en-US'),
    String(r.latencyMs.p50),
    String(r.latencyMs.p99),
    String(r.unexpectedStatus),
    String(r.errors + r.timeouts),
    ...(ceilings ? [ofCeiling(r)] : []),
    `${r.cpuMsPerRequest.server?.toFixed(2) ?? '-'}/${r.cpuMsPerRequest.postgres.toFixed(2)}`,
    r.cpuBoundCapacity?.toLocaleString('en-US') ?? '-',
    r.rssMaxMb === null ? '-' : String(Math.round(r.rssMaxMb)),
    [
      r.cpuPercentOfOneCore.server,
      r.cpuPercentOfOneCore.postgres,
      r.cpuPercentOfOneCore.loadGenerator,
      r.cpuPercentOfOneCore.other,
    ]
      .map((v) => v ?? '-')
      .join('/'),
    `${r.verdict}${r.noisy ? ' (noisy)' : ''}`,
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i]!.length)));
  const line = (cells: string[]) =>
    cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
  console.log('');
  console.log(line(header));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const row of rows) console.log(line(row));
  console.log('');
  for (const r of results) console.log(`  ${r.key}: ${r.title}`);
  console.log(
    `\n${targets}\n` +
      'bad status: responses with another status than expected (any 2xx, or the one a scenario expects).\n' +
      'of ceiling: req/s as a share of a reference scenario in the same run: <key>-bytes is Fastify\n' +
      "  sending the app's own response (same bytes and headers) from memory; d<n> bare pg.\n" +
      'CPU ms/req: CPU time per request of the answering process (app or ceiling) and of PostgreSQL.\n' +
      'cap. req/s: what the cores could serve with nothing else running: cores / CPU time per request\n' +
      '  (answering process + PostgreSQL + load generator).\n' +
      'RSS MB: the most memory the answering process held resident (VmRSS, sampled every 250 ms).\n' +
      `CPU %: percent of one core (${os.cpus().length} cores) for the answering process / PostgreSQL / ` +
      'the load generator / everything else (other work on the machine: "noisy" when > ' +
      `${NOISE_LIMIT}).`,
  );
}

/** Starts the built server as deployed, against `databaseUrl`, with `extraEnv` on top. */
export function startApp(
  name: string,
  port: number,
  options: {
    databaseUrl: string;
    dataDir: string;
    sessionSecret: string;
    extraEnv?: NodeJS.ProcessEnv;
    /** Node options before the entry, e.g. --cpu-prof. */
    nodeArgs?: string[];
  },
): ChildProcess {
  return startProcess(name, [...(options.nodeArgs ?? []), '--enable-source-maps', SERVER_ENTRY], {
    ...process.env,
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: `https://localhost:${port}`,
    // As behind a TLS-terminating proxy on the same host: X-Forwarded-For from loopback counts.
    TRUST_PROXY: 'loopback',
    DATABASE_URL: options.databaseUrl,
    DATA_DIR: options.dataDir,
    SESSION_SECRET: options.sessionSecret,
    SEED_DEMO: '0',
    LOG_LEVEL: 'silent',
    TICKETMASTER_API_KEY: '',
    SETLISTFM_API_KEY: '',
    OIDC_ISSUER_URL: '',
    OIDC_CLIENT_ID: '',
    OIDC_CLIENT_SECRET: '',
    ...options.extraEnv,
  });
}

/** Writes the run's figures to RESULTS_DIR/<started>.json; returns the file. */
export function writeResults(started: Date, record: Record<string, unknown>): string {
  mkdirSync(RESULTS_DIR, { recursive: true });
  const file = path.join(RESULTS_DIR, `${started.toISOString().replace(/[:.]/g, '-')}.json`);
  writeFileSync(
    file,
    `${JSON.stringify(
      {
        startedAt: started.toISOString(),
        commit: gitCommit(),
        machine: {
          cores: os.cpus().length,
          cpu: os.cpus()[0]?.model,
          memoryGb: Math.round(os.totalmem() / 2 ** 30),
          node: process.version,
        },
        ...record,
      },
      null,
      2,
    )}\n`,
  );
  return file;
}

/** Exits with the command to run first when the server has not been built. */
export function requireBuiltServer(): void {
  if (!existsSync(SERVER_ENTRY)) {
    console.error(`${path.relative(ROOT, SERVER_ENTRY)} is missing: run \`npm run build\` first.`);
    process.exit(1);
  }
}

/** Writes the statements the ceiling server runs, by name, into `workDir`; returns the file. */
export function writeCeilingQueries(workDir: string, queries: BenchQuery[]): string {
  const file = path.join(workDir, 'ceiling-queries.json');
  writeFileSync(file, JSON.stringify(Object.fromEntries(queries.map((q) => [q.name, q]))));
  return file;
}

/**
 * Waits up to WAIT_QUIET_S for the machine to calm down and warns when other work still
 * keeps it busy; returns how busy it was (percent), null when that is unknown.
 */
export async function waitToStart(): Promise<number | null> {
  const busy = await waitForQuietMachine(WAIT_QUIET_S);
  if (busy !== null && busy > 25) {
    console.warn(
      `WARNING: the machine is ${busy}% busy with other work; figures will be low and noisy.`,
    );
  }
  return busy;
}

/**
 * Runs the scenarios BENCH_ONLY names (or all) one after the other, each through `run`
 * (runScenario unless a script checks something around one of them).
 */
export async function runScenarios(
  scenarios: Scenario[],
  run: (scenario: Scenario) => Promise<ScenarioResult> = runScenario,
): Promise<ScenarioResult[]> {
  const selected = selectScenarios(scenarios);
  console.log(
    `${selected.length} scenarios, ${CONNECTIONS} connections, ` +
      `${WARMUP_S} s warm-up + ${DURATION_S} s each`,
  );
  const results: ScenarioResult[] = [];
  for (const scenario of selected) {
    results.push(await run(scenario));
  }
  return results;
}

/** The run's settings every results file records. */
export function runSettings() {
  return {
    only: ONLY ?? null,
    connections: CONNECTIONS,
    durationSeconds: DURATION_S,
    warmupSeconds: WARMUP_S,
  };
}

export interface BenchServers {
  /** The built app as deployed: public reads from the response cache. */
  app: ChildProcess;
  appUrl: string;
  /** The same with RESPONSE_CACHE_SECONDS=0: every request reaches PostgreSQL. */
  uncached: ChildProcess;
  uncachedUrl: string;
  /**
   * bench/ceiling-server.ts: bare pg running `queriesFile` (sqlUrl), and a Fastify
   * instance with a hello world (/hello) and the same-bytes ceilings (/bytes/...).
   */
  ceiling: ChildProcess;
  sqlUrl: string;
  fastifyUrl: string;
}

/** Starts the two app servers and the reference servers, and waits until each answers. */
export async function startBenchServers(options: {
  databaseUrl: string;
  workDir: string;
  sessionSecret: string;
  queriesFile: string;
  /** A cheap read of the app to wait on, e.g. /api/concerts?limit=1. */
  readyPath: string;
}): Promise<BenchServers> {
  const [appPort, uncachedPort, sqlPort, fastifyPort] = (await freePorts(4)) as [
    number,
    number,
    number,
    number,
  ];
  const { databaseUrl, workDir, sessionSecret } = options;
  const url = (port: number) => `http://127.0.0.1:${port}`;
  console.log(
    `starting the app on ${url(appPort)} (database ${new URL(databaseUrl).pathname.slice(1)})`,
  );
  const appOptions = (name: string, extraEnv: NodeJS.ProcessEnv = {}) => ({
    databaseUrl,
    dataDir: path.join(workDir, `data-${name}`),
    sessionSecret,
    extraEnv,
  });
  const app = startApp('app', appPort, appOptions('app'));
  const uncached = startApp(
    'uncached',
    uncachedPort,
    appOptions('uncached', { RESPONSE_CACHE_SECONDS: '0' }),
  );
  const ceiling = startProcess(
    'ceiling',
    ['--import', 'tsx', path.join('bench', 'ceiling-server.ts')],
    {
      ...process.env,
      DATABASE_URL: databaseUrl,
      SQL_PORT: String(sqlPort),
      FASTIFY_PORT: String(fastifyPort),
      CEILING_QUERIES: options.queriesFile,
      POOL_SIZE: '10',
    },
  );
  await waitForHttp(`${url(appPort)}${options.readyPath}`, app, 60_000);
  await waitForHttp(`${url(uncachedPort)}${options.readyPath}`, uncached, 60_000);
  await waitForHttp(`${url(fastifyPort)}/hello`, ceiling, 30_000);
  await waitForHttp(`${url(sqlPort)}/`, ceiling, 30_000);
  return {
    app,
    appUrl: url(appPort),
    uncached,
    uncachedUrl: url(uncachedPort),
    ceiling,
    sqlUrl: url(sqlPort),
    fastifyUrl: url(fastifyPort),
  };
}

export interface ServerRss {
  name: 'app' | 'uncached';
  /** The most it held resident since it started (VmHWM), start-up and probes included. */
  peakMb: number | null;
  /** The largest sample taken while its scenarios ran. */
  sampledMaxMb: number | null;
  verdict: 'PASS' | 'FAIL' | 'unknown';
}

/** The app servers' memory over the whole run; read before they are stopped. */
export function serverRssPeaks(servers: BenchServers): ServerRss[] {
  return (['app', 'uncached'] as const).map((name) => {
    const pid = servers[name].pid;
    const sampledMaxMb = pid === undefined ? null : sampledPeakMb(pid);
    const hwm = pid === undefined ? null : residentMb(pid, 'VmHWM');
    const peakMb = hwm === null ? sampledMaxMb : Number(hwm.toFixed(1));
    const verdict = peakMb === null ? 'unknown' : peakMb <= SERVER_RSS_TARGET_MB ? 'PASS' : 'FAIL';
    return { name, peakMb, sampledMaxMb, verdict };
  });
}

export function printServerRss(peaks: ServerRss[]): void {
  const mb = (value: number | null) => (value === null ? '-' : `${Math.round(value)} MB`);
  console.log(`\nserver RSS over the run (target <= ${SERVER_RSS_TARGET_MB} MB throughout):`);
  for (const server of peaks) {
    console.log(
      `  ${server.name.padEnd(8)} peak ${mb(server.peakMb)} (largest sample under load ` +
        `${mb(server.sampledMaxMb)}): ${server.verdict}`,
    );
  }
}

/** The scenarios BENCH_ONLY names, or all. */
export function selectScenarios(scenarios: Scenario[]): Scenario[] {
  const only = ONLY;
  return only ? scenarios.filter((s) => only.includes(s.key)) : scenarios;
}

/** Runs a load script: exit 0 when it finished (a measurement, not a test), 1 when it broke. */
export function runMain(main: () => Promise<void>): void {
  main().then(
    () => process.exit(0),
    async (error: unknown) => {
      console.error(error);
      await shutdownChildren();
      process.exit(1);
    },
  );
}
