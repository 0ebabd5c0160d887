/**
 * Encore as real processes for tests of what only processes show: a worker killed in the
 * middle of a job, one stopped with SIGTERM, several app and worker processes on one
 * PostgreSQL. They run the sources through tsx, exactly as `npm run worker` runs the build.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { expect, vi } from 'vitest';

export type Entry = 'main' | 'worker';

export interface EncoreProcess {
  readonly child: ChildProcess;
  /** Log lines so far, parsed (the process logs JSON lines when not in a terminal). */
  readonly lines: { msg?: string; [key: string]: unknown }[];
  /** Resolves once a log line says `message`. */
  logged(message: string, timeout?: number): Promise<void>;
  /** Resolves with the exit code (or the signal) once the process has ended. */
  readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

const serverDir = path.resolve(import.meta.dirname, '..');

export function spawnEncore(entry: Entry, env: Record<string, string>): EncoreProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(serverDir, `${entry}.ts`)], {
    env: { PATH: process.env.PATH, NODE_ENV: 'test', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines: EncoreProcess['lines'] = [];
  let partial = '';
  child.stdout!.on('data', (chunk: Buffer) => {
    const text = partial + chunk.toString('utf8');
    const complete = text.split('\n');
    partial = complete.pop() ?? '';
    for (const line of complete.filter(Boolean)) {
      try {
        lines.push(JSON.parse(line) as EncoreProcess['lines'][number]);
      } catch {
        lines.push({ msg: line });
      }
    }
  });
  const errors: string[] = [];
  child.stderr!.on('data', (chunk: Buffer) => errors.push(chunk.toString('utf8')));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  return {
    child,
    lines,
    exited,
    async logged(message, timeout = 60_000) {
      await vi.waitFor(
        () => {
          if (child.exitCode !== null) {
            throw new Error(`${entry} exited (${child.exitCode}): ${errors.join('')}`);
          }
          expect(lines.map((line) => line.msg)).toContain(message);
        },
        { timeout, interval: 50 },
      );
    },
  };
}

/** Ends a process that may still run (a test that failed half way). */
export async function stopProcess(encore: EncoreProcess | undefined): Promise<void> {
  if (!encore || encore.child.exitCode !== null || encore.child.signalCode !== null) return;
  encore.child.kill('SIGKILL');
  await encore.exited;
}

/** Requests to an app process at `base` carrying `cookie`; a body goes as JSON. */
export function requestsWithCookie(cookie: string) {
  return (base: string, method: string, path: string, body?: unknown) =>
    fetch(`${base}${path}`, {
      method,
      headers: {
        cookie,
        accept: 'application/json',
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
}
