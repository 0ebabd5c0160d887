/** What a load scenario is, what it is held to, and what a run of it found. */
import type { CpuShare } from '../cpu.ts';
import { ONLY } from './settings.ts';

/** What a scenario is held to; every bar it names must be met, with no bad status or error. */
export interface Target {
  requestsPerSecond?: number;
  /** None for writes, whose bar is throughput and correctness. */
  p99Ms?: number;
  /** req/s at least this share of its `ceiling` scenario's, measured in the same run. */
  shareOfCeiling?: number;
  /**
   * p99 (ms) when offered half the req/s the scenario served at saturation. At saturation
   * the p99 of a closed loop is the queue its connections build (50 connections / req/s by
   * Little's law), whatever the read costs; at half load it is the read's own latency.
   */
  halfLoadP99Ms?: number;
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
  /** Also measure it at half load (set by runScenarios on the ceiling of such a target). */
  halfLoad?: boolean;
}

export interface HalfLoadResult {
  offeredPerSecond: number;
  requestsPerSecond: number;
  latencyMs: { p50: number; p90: number; p99: number; max: number };
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
  /** The run at half the saturated req/s, for a target with halfLoadP99Ms and its ceiling. */
  halfLoad?: HalfLoadResult;
  verdict: 'PASS' | 'FAIL' | 'reference' | 'skipped';
  /** The reference scenario (a same-bytes or bare-pg ceiling) it is measured against. */
  ceiling?: string;
  /** req/s as a share of the ceiling's; absent when the ceiling was not measured. */
  ofCeiling?: { key: string; share: number };
  note?: string;
}

/** The scenarios BENCH_ONLY names, or all. */
export function selectScenarios(scenarios: Scenario[]): Scenario[] {
  const only = ONLY;
  return only ? scenarios.filter((s) => only.includes(s.key)) : scenarios;
}
