/** The settings of a bench run, read from the environment, and where its files go. */
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
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
/** A run during which other work took more than this (percent of one core) is repeated. */
export const NOISE_LIMIT = 30;
export const MAX_ATTEMPTS = Math.max(1, Number(process.env.BENCH_ATTEMPTS ?? 3));
/** BENCH_ONLY=a,b,d2 runs only these scenarios. */
export const ONLY = process.env.BENCH_ONLY?.split(',').map((key) => key.trim());

/** The run's settings every results file records. */
export function runSettings() {
  return {
    only: ONLY ?? null,
    connections: CONNECTIONS,
    durationSeconds: DURATION_S,
    warmupSeconds: WARMUP_S,
  };
}
