/** What a run prints and keeps: the table, the servers' memory and the results file. */
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { residentMb, sampledPeakMb } from '../rss.ts';
import type { BenchServers } from './processes.ts';
import { SERVER_RSS_TARGET_MB, type ScenarioResult } from './scenario.ts';
import { NOISE_LIMIT, RESULTS_DIR, ROOT } from './settings.ts';

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
  const halfLoads = results.some((r) => r.halfLoad);
  const ofCeiling = (r: ScenarioResult) => {
    if (r.ofCeiling) return `${Math.round(r.ofCeiling.share * 100)} % of ${r.ofCeiling.key}`;
    return r.ceiling && r.verdict !== 'skipped' ? `${r.ceiling} not run` : '-';
  };
  const header = [
    'scenario',
    'req/s',
    'p50 ms',
    'p99 ms',
    ...(halfLoads ? ['half load: req/s p50/p99'] : []),
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
    ...(halfLoads
      ? [
          r.halfLoad
            ? `${r.halfLoad.requestsPerSecond} ${r.halfLoad.latencyMs.p50}/${r.halfLoad.latencyMs.p99}`
            : '-',
        ]
      : []),
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
      (halfLoads
        ? 'half load: the scenario again, offered half its req/s above in evenly spaced requests; ' +
          'its p50/p99 ms count from when each request was due.\n'
        : '') +
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

/**
 * The end of a load run: the table, the servers' memory and any `notes`, then the results
 * file with `record`, the servers' memory and every result; names the file.
 */
export function reportRun(options: {
  started: Date;
  results: ScenarioResult[];
  targetsText: string;
  serverRss: ServerRss[] | undefined;
  notes?: string[];
  record: Record<string, unknown>;
}): void {
  const { started, results, serverRss } = options;
  printTable(results, options.targetsText);
  if (serverRss) printServerRss(serverRss);
  for (const note of options.notes ?? []) console.log(note);
  const file = writeResults(started, {
    ...options.record,
    serverRss: serverRss ?? null,
    results,
  });
  console.log(`\nwrote ${path.relative(ROOT, file)}`);
}
