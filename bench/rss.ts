/**
 * Resident memory of the answering process (Linux /proc/<pid>/status), sampled while a
 * scenario runs: a server that holds every cached body or leaks per request shows here
 * long before it runs out of memory in production.
 */
import { readFileSync } from 'node:fs';

const SAMPLE_INTERVAL_MS = 250;

/** The largest sample taken of each process, over every scenario of the run. */
const sampledPeaks = new Map<number, number>();

/**
 * One field of /proc/<pid>/status in MB: VmRSS (resident now) or VmHWM (the most it has
 * been resident since it started). null when the process is gone or /proc is not there.
 */
export function residentMb(pid: number, field: 'VmRSS' | 'VmHWM' = 'VmRSS'): number | null {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1];
    return kb === undefined ? null : Number(kb) / 1024;
  } catch {
    return null;
  }
}

/** Samples `pid`'s VmRSS every 250 ms until the returned function is called; it answers the max. */
export function startRssSampler(pid: number | undefined): () => number | null {
  if (pid === undefined) return () => null;
  let max: number | null = null;
  const sample = () => {
    const mb = residentMb(pid);
    if (mb === null) return;
    max = Math.max(max ?? 0, mb);
    sampledPeaks.set(pid, Math.max(sampledPeaks.get(pid) ?? 0, mb));
  };
  sample();
  const timer = setInterval(sample, SAMPLE_INTERVAL_MS);
  return () => {
    clearInterval(timer);
    sample();
    return max === null ? null : Number(max.toFixed(1));
  };
}

/** The largest sample of `pid` over the scenarios run so far, or null. */
export function sampledPeakMb(pid: number): number | null {
  const mb = sampledPeaks.get(pid);
  return mb === undefined ? null : Number(mb.toFixed(1));
}
