/**
 * Work that would hold the event loop for long (drawing a picture, decoding media) runs
 * in a pool of worker threads (piscina), so requests keep being answered meanwhile.
 *
 * A worker module default-exports the function that does one task. From the sources
 * (tests, `npm run dev`) its `.ts` file runs through tsx's loader; the built server runs
 * the file scripts/build-server.mjs writes for it beside main.js, named in `built`.
 *
 * The queue is bounded: past `maxQueue` tasks waiting, `run` refuses at once with
 * `WorkerPoolBusy`, which a route answers 503, rather than let waiting work pile up.
 */
import { createRequire } from 'node:module';
import os from 'node:os';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Piscina } from 'piscina';

/** Whether this process runs the TypeScript sources rather than the build. */
const fromSources = import.meta.url.endsWith('.ts');

/** Threads a pool may start: every core but one, which the event loop keeps. */
export const defaultPoolThreads = () => Math.max(1, os.availableParallelism() - 1);

/** How long an idle thread is kept: starting one (loading its modules) takes a while. */
const IDLE_THREAD_MS = 5 * 60 * 1000;

/** `run` was refused: the pool's queue is full. */
export class WorkerPoolBusy extends Error {
  constructor() {
    super('The worker pool is busy');
    this.name = 'WorkerPoolBusy';
  }
}

export interface WorkerPoolOptions {
  /** The worker module as written: `new URL('./x-worker.ts', import.meta.url)`. */
  source: URL;
  /** The file scripts/build-server.mjs makes of it in dist/server, e.g. `x-worker.js`. */
  built: string;
  /** Tasks that may wait for a thread; past them `run` refuses. */
  maxQueue: number;
  /** Threads at most; every core but one unless said. Started on first use. */
  maxThreads?: number;
}

export interface WorkerPool<Task, Result> {
  readonly maxThreads: number;
  /** Runs one task on a thread, or refuses at once with WorkerPoolBusy when the queue is full. */
  run(task: Task): Promise<Result>;
  /** Ends the threads; tasks still waiting fail. */
  close(): Promise<void>;
}

/** The loader that lets a worker thread import TypeScript, as `node --import tsx` does. */
function typeScriptLoader(): string[] {
  const require = createRequire(import.meta.url);
  return ['--import', pathToFileURL(require.resolve('tsx')).href];
}

export function createWorkerPool<Task, Result>(
  options: WorkerPoolOptions,
): WorkerPool<Task, Result> {
  const maxThreads = options.maxThreads ?? defaultPoolThreads();
  const filename = fromSources
    ? fileURLToPath(options.source)
    : fileURLToPath(new URL(options.built, import.meta.url));
  const pool = new Piscina<Task, Result>({
    filename,
    minThreads: 0,
    maxThreads,
    maxQueue: options.maxQueue,
    idleTimeout: IDLE_THREAD_MS,
    ...(fromSources ? { execArgv: typeScriptLoader() } : {}),
  });
  return {
    maxThreads,
    async run(task) {
      // Counted here rather than by catching piscina's own error, whose only mark is its text.
      if (pool.queueSize >= options.maxQueue) throw new WorkerPoolBusy();
      return pool.run(task);
    },
    close: () => pool.destroy(),
  };
}
