/**
 * Where the CPU goes during a load run (Linux /proc): the app process, this load
 * generator, PostgreSQL, and everything else on the machine.
 */
import { readdirSync, readFileSync } from 'node:fs';
import os from 'node:os';

const TICKS_PER_SECOND = 100;

/** user + system CPU seconds of one process, or undefined when it is gone. */
function processCpuSeconds(pid: number): number | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name, which is in parentheses and may contain spaces.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
  } catch {
    return undefined;
  }
}

/** CPU seconds of every PostgreSQL server process, by pid. */
function postgresCpuSeconds(): Map<number, number> {
  const seconds = new Map<number, number>();
  let entries: string[];
  try {
    entries = readdirSync('/proc').filter((name) => /^\d+$/.test(name));
  } catch {
    return seconds;
  }
  for (const name of entries) {
    const pid = Number(name);
    try {
      if (readFileSync(`/proc/${pid}/comm`, 'utf8').trim() !== 'postgres') continue;
    } catch {
      continue;
    }
    const value = processCpuSeconds(pid);
    if (value !== undefined) seconds.set(pid, value);
  }
  return seconds;
}

/** Busy and total CPU seconds of the whole machine (all cores). */
function machineCpuSeconds(): { busy: number; total: number } | undefined {
  try {
    const line = readFileSync('/proc/stat', 'utf8').split('\n')[0] ?? '';
    const values = line.trim().split(/\s+/).slice(1).map(Number);
    const total = values.reduce((sum, v) => sum + v, 0);
    const idle = (values[3] ?? 0) + (values[4] ?? 0);
    return { busy: (total - idle) / TICKS_PER_SECOND, total: total / TICKS_PER_SECOND };
  } catch {
    return undefined;
  }
}

export interface CpuShare {
  /** Percent of one core, so 100 = one full core; the machine has `cores` of them. */
  server: number | null;
  loadGenerator: number;
  /** All PostgreSQL server processes (backends, walwriter, ...). */
  postgres: number | null;
  /** Busy time of everything else on the machine: other people's work, the kernel. */
  other: number | null;
  machineBusyPercent: number | null;
  cores: number;
  /** The raw CPU seconds behind the percentages, and the wall time they were taken over. */
  seconds: { server: number | null; postgres: number; loadGenerator: number; wall: number };
}

export function startCpuSample(serverPid: number | undefined): () => CpuShare {
  const t0 = performance.now();
  const self0 = process.cpuUsage();
  const server0 = serverPid === undefined ? undefined : processCpuSeconds(serverPid);
  const machine0 = machineCpuSeconds();
  const postgres0 = postgresCpuSeconds();
  return () => {
    const wall = (performance.now() - t0) / 1000;
    const self = process.cpuUsage(self0);
    const selfSeconds = (self.user + self.system) / 1e6;
    const server1 = serverPid === undefined ? undefined : processCpuSeconds(serverPid);
    const machine1 = machineCpuSeconds();
    let postgresSeconds = 0;
    for (const [pid, seconds] of postgresCpuSeconds()) {
      postgresSeconds += seconds - (postgres0.get(pid) ?? 0);
    }
    const serverSeconds =
      server0 !== undefined && server1 !== undefined ? server1 - server0 : undefined;
    const pct = (seconds: number) => Math.round((seconds / wall) * 100);
    let other: number | null = null;
    let busy: number | null = null;
    if (machine0 && machine1) {
      const busySeconds = machine1.busy - machine0.busy;
      busy = Math.round((busySeconds / (machine1.total - machine0.total)) * 100);
      other = pct(Math.max(0, busySeconds - selfSeconds - (serverSeconds ?? 0) - postgresSeconds));
    }
    return {
      server: serverSeconds === undefined ? null : pct(serverSeconds),
      loadGenerator: pct(selfSeconds),
      postgres: pct(postgresSeconds),
      other,
      machineBusyPercent: busy,
      cores: os.cpus().length,
      seconds: {
        server: serverSeconds ?? null,
        postgres: postgresSeconds,
        loadGenerator: selfSeconds,
        wall,
      },
    };
  };
}

/** Percent of all cores busy over the next `ms` milliseconds. */
export async function machineBusyPercent(ms: number): Promise<number | null> {
  const a = machineCpuSeconds();
  await new Promise((resolve) => setTimeout(resolve, ms));
  const b = machineCpuSeconds();
  if (!a || !b || b.total === a.total) return null;
  return Math.round(((b.busy - a.busy) / (b.total - a.total)) * 100);
}

/**
 * Waits (at most `maxSeconds`) until the machine is mostly idle, since other work on a
 * 2-core box changes every figure. Returns the last busy reading.
 */
export async function waitForQuietMachine(
  maxSeconds: number,
  thresholdPercent = 25,
): Promise<number | null> {
  const deadline = Date.now() + maxSeconds * 1000;
  let busy = await machineBusyPercent(2000);
  while (busy !== null && busy > thresholdPercent && Date.now() < deadline) {
    console.log(`  machine ${busy}% busy (other work); waiting for < ${thresholdPercent}% ...`);
    busy = await machineBusyPercent(5000);
  }
  return busy;
}
