/**
 * Driving a scenario with autocannon: a probe first, then a warm-up and a measured run,
 * repeated when other work on the machine disturbed it, with CPU and memory accounting.
 */
import http from 'node:http';
import os from 'node:os';
import autocannon, { type AutocannonRequest, type AutocannonResult } from 'autocannon';
import { type CpuShare, startCpuSample, waitForQuietMachine } from '../cpu.ts';
import { startRssSampler } from '../rss.ts';
import { trackLoad } from './processes.ts';
import {
  type BenchRequest,
  type HalfLoadResult,
  type Scenario,
  type ScenarioResult,
  selectScenarios,
} from './scenario.ts';
import {
  CONNECTIONS,
  DURATION_S,
  MAX_ATTEMPTS,
  NOISE_LIMIT,
  WAIT_QUIET_S,
  WARMUP_S,
} from './settings.ts';

const CLIENT_ADDRESSES = 4096;

export function clientAddress(n: number): string {
  const i = n % CLIENT_ADDRESSES;
  return `10.77.${i >> 8}.${i & 255}`;
}

/** The address of the i-th request made before a run (probe, same-bytes capture). */
export function probeAddress(i: number): string {
  return clientAddress(CLIENT_ADDRESSES - 1 - i);
}

export function isExpected(scenario: Scenario, status: number): boolean {
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
  trackLoad(instance);
  try {
    return await instance;
  } finally {
    trackLoad(undefined);
  }
}

/**
 * Sends `rate` requests a second, evenly spaced, for `seconds`, over up to CONNECTIONS
 * kept-alive sockets, whatever the answers' pace (an open loop: autocannon's own rate
 * sends each connection's quota in a burst at the start of every second). A latency counts
 * from when its request was due, so a late answer also delays what queued behind it.
 */
async function firePaced(
  scenario: Scenario,
  sequence: { n: number },
  rate: number,
  seconds: number,
): Promise<HalfLoadResult> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS });
  const latencies: number[] = [];
  const total = Math.round(rate * seconds);
  const start = performance.now();
  const one = (due: number) =>
    new Promise<void>((resolve) => {
      sequence.n += 1;
      const next = nthRequest(scenario, sequence.n);
      const request = http.request(
        scenario.baseUrl + next.path,
        {
          method: next.method,
          agent,
          headers: { ...next.headers, 'x-forwarded-for': clientAddress(sequence.n) },
          timeout: 10_000,
        },
        (response) => {
          response.resume();
          response.on('end', () => {
            if (isExpected(scenario, response.statusCode ?? 0)) {
              latencies.push(performance.now() - due);
            }
            resolve();
          });
        },
      );
      request.on('error', () => resolve());
      request.end();
    });
  const pending: Promise<void>[] = [];
  for (let i = 0; i < total; i += 1) {
    const due = start + (i * 1000) / rate;
    const wait = due - performance.now();
    if (wait > 1) await new Promise((resolve) => setTimeout(resolve, wait));
    pending.push(one(due));
  }
  await Promise.all(pending);
  const elapsed = (performance.now() - start) / 1000;
  agent.destroy();
  latencies.sort((x, y) => x - y);
  const at = (q: number) =>
    latencies.length === 0
      ? 0
      : Math.round(latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))]!);
  return {
    offeredPerSecond: rate,
    requestsPerSecond: Math.round(latencies.length / elapsed),
    latencyMs: { p50: at(0.5), p90: at(0.9), p99: at(0.99), max: at(1) },
  };
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
  const { r, cpu } = runs.reduce((best, run) =>
    (run.cpu.other ?? 0) < (best.cpu.other ?? 0) ? run : best,
  );
  const halfLoad =
    scenario.halfLoad || scenario.target?.halfLoadP99Ms !== undefined
      ? await firePaced(
          scenario,
          sequence,
          Math.max(1, Math.round(r.requests.average / 2)),
          DURATION_S,
        )
      : undefined;
  const rssMaxMb = rssMax();
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
    halfLoad,
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
      (target.halfLoadP99Ms === undefined ||
        (result.halfLoad !== undefined && result.halfLoad.latencyMs.p99 <= target.halfLoadP99Ms)) &&
      (share ?? Infinity) >= (target.shareOfCeiling ?? 0) &&
      result.unexpectedStatus === 0 &&
      result.errors === 0;
    result.verdict = pass ? 'PASS' : 'FAIL';
  }
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
  const halfLoadCeilings = new Set(
    scenarios.filter((s) => s.target?.halfLoadP99Ms !== undefined).map((s) => s.ceiling),
  );
  const selected = selectScenarios(scenarios).map((s) =>
    halfLoadCeilings.has(s.key) ? { ...s, halfLoad: true } : s,
  );
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
