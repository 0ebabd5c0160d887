/**
 * The durable job queue: pg-boss, on the same database as everything else, embedded or
 * PostgreSQL. Jobs are rows: a write adds its jobs inside its own transaction, so a write
 * that rolls back leaves no job, and one that commits cannot lose its jobs. Workers take
 * jobs with SKIP LOCKED, so any number of processes share one queue; a failing job is
 * retried with a doubling delay and, past its retries, stays failed ("dead") for
 * `npm run jobs` to show. A job whose worker died stays active until its timeout, then
 * is retried like a failure.
 *
 * pg-boss talks to the database through Encore's own connection (`sqlClientOf`), which is
 * how it runs on PGlite and how a send joins the caller's transaction.
 */
import PgBoss from 'pg-boss';
import type { JobSettings } from '../config.ts';
import { sqlClientOf, type Database, type Tx } from '../db/index.ts';
import {
  coalescingKey,
  JOB_KINDS,
  JOB_START_AFTER,
  QUEUE_POLICIES,
  SCHEDULED_JOBS,
  type Job,
  type JobKind,
  type JobOf,
} from './kinds.ts';

export interface JobLog {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}

/** What a handler is told of the job beside its data. */
export interface JobRun {
  id: string;
  /** 0 on the first run, then 1, 2… on retries. */
  retryCount: number;
  /** No retry follows if this run fails: the job is then dead. */
  lastAttempt: boolean;
}

export type JobHandlers = {
  [K in JobKind]: (job: JobOf<K>, run: JobRun) => Promise<void>;
};

/** pg-boss's view of a database or a transaction. */
function bossDb(db: Database | Tx): PgBoss.Db {
  const client = sqlClientOf(db);
  return {
    executeSql: (text, values) =>
      values && values.length > 0 ? client.query(text, values) : client.run(text),
  };
}

/**
 * Runs `work` again when it lost a race with another process starting on the same
 * database, which then did the work:
 * - a deadlock (40P01): processes starting together on a database that lacks a queue (a
 *   new kind of job, a new database) all make it, and pg-boss's create_queue inserts the
 *   queue's row and then attaches its partition; two of them deadlock on those locks;
 * - a unique violation (23505): two processes creating the same schema at once.
 * The one PostgreSQL stopped finds the work done when it tries again.
 */
async function afterStartRaces(work: () => Promise<unknown>, attempts = 5): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await work();
      return;
    } catch (error) {
      const code = (error as { code?: string }).code;
      if ((code !== '40P01' && code !== '23505') || attempt >= attempts) throw error;
    }
  }
}

/** pg-boss's schema, its default. */
const BOSS_SCHEMA = 'pgboss';

export class JobQueue {
  readonly #boss: PgBoss;
  readonly #db: Database;
  readonly #settings: JobSettings;
  readonly #log: JobLog;
  readonly #workerIds = new Map<JobKind, string[]>();
  /** pg-boss's own statements not yet answered (see #ownConnection). */
  readonly #inFlight = new Set<Promise<unknown>>();
  #started: Promise<void> | undefined;

  constructor(
    db: Database,
    settings: JobSettings,
    log: JobLog,
    options: { maintain: boolean } = { maintain: true },
  ) {
    this.#db = db;
    this.#settings = settings;
    this.#log = log;
    this.#boss = new PgBoss({
      schema: BOSS_SCHEMA,
      db: this.#ownConnection(db),
      // Whoever runs jobs also fails timed-out ones and sends scheduled ones; pg-boss keeps
      // processes doing it together from doing it twice.
      supervise: options.maintain,
      schedule: options.maintain,
      maintenanceIntervalSeconds: settings.maintenanceSeconds,
      pollingIntervalSeconds: settings.pollSeconds,
      // Dead jobs stay in the job table (and `npm run jobs`) for a week, finished ones a day.
      archiveCompletedAfterSeconds: 24 * 60 * 60,
      archiveFailedAfterSeconds: 7 * 24 * 60 * 60,
    });
    this.#boss.on('error', (error: Error) =>
      this.#log.warn({ err: error }, 'job queue housekeeping failed'),
    );
  }

  /**
   * pg-boss's connection for its own work, which remembers the statements in flight:
   * pg-boss marks a finished job complete or failed without waiting for the write, so
   * stop() waits for them, or the database could close under them.
   */
  #ownConnection(db: Database): PgBoss.Db {
    const connection = bossDb(db);
    return {
      executeSql: (text, values) => {
        const answer = connection.executeSql(text, values);
        this.#inFlight.add(answer);
        const forget = () => this.#inFlight.delete(answer);
        answer.then(forget, forget);
        return answer;
      },
    };
  }

  /** Installs (or upgrades) the queue's tables and its queues; safe to call from every process. */
  start(): Promise<void> {
    this.#started ??= this.#start();
    return this.#started;
  }

  async #start() {
    await this.#createSchema();
    await this.#boss.start();
    const { retryLimit, retryDelaySeconds, timeoutSeconds } = this.#settings;
    for (const name of JOB_KINDS) {
      const options = {
        name,
        policy: QUEUE_POLICIES[name] ?? ('standard' as const),
        retryLimit,
        retryDelay: retryDelaySeconds,
        retryBackoff: true,
        expireInSeconds: timeoutSeconds,
      };
      await afterStartRaces(() => this.#boss.createQueue(name, options));
      // A queue made earlier keeps its settings until told the current ones.
      await this.#boss.updateQueue(name, options);
    }
    for (const { kind, cron } of SCHEDULED_JOBS) {
      const when = kind === 'refresh-followed-shows' ? this.#settings.showRefreshCron : cron;
      await this.#boss.schedule(kind, when, { kind });
    }
  }

  /**
   * Makes pg-boss's schema before pg-boss does. Processes starting together on a new
   * database all create it. pg-boss has them take turns under an advisory lock taken
   * inside its own transaction, but that transaction's view of the catalog can predate
   * the schema the first one committed: a later one then fails on the catalog's unique
   * index, which pg-boss does not take for the race it is, and the process stops. Here
   * the schema is made in a statement of its own, and one that lost the race runs again
   * in a new transaction, which sees the schema. pg-boss's own races past this point end
   * in "already exists", which it expects.
   */
  async #createSchema() {
    const client = bossDb(this.#db);
    await afterStartRaces(() =>
      client.executeSql(`CREATE SCHEMA IF NOT EXISTS ${BOSS_SCHEMA}`, []),
    );
  }

  /**
   * Adds jobs as part of `db`'s work: pass the write's transaction, and the jobs exist
   * exactly when it commits. A job of a "short" queue whose row already has one waiting is
   * not added (kinds.ts); pg-boss's unique index decides, so writes at once add one.
   */
  async enqueue(db: Database | Tx, jobs: readonly Job[]): Promise<void> {
    if (jobs.length === 0) return;
    const connection = { db: bossDb(db) };
    const options = (job: Job) => {
      const after = JOB_START_AFTER[job.kind];
      const key = coalescingKey(job);
      return {
        ...(after === undefined ? {} : { startAfter: after }),
        ...(key === undefined ? {} : { singletonKey: key }),
      };
    };
    if (jobs.length === 1) {
      await this.#boss.send(jobs[0]!.kind, jobs[0]!, { ...connection, ...options(jobs[0]!) });
      return;
    }
    await this.#boss.insert(
      jobs.map((job) => ({ name: job.kind, data: job, ...options(job) })),
      connection,
    );
  }

  /** Runs jobs of every kind in this process, `concurrency` at a time per kind. */
  async work(handlers: JobHandlers): Promise<void> {
    await this.start();
    for (const kind of JOB_KINDS) {
      const ids: string[] = [];
      for (let i = 0; i < this.#settings.concurrency; i++) {
        // Its id is known once work() answers, which may be after its first job started.
        const worker: { id?: string } = {};
        worker.id = await this.#boss.work<Job>(kind, { includeMetadata: true }, async ([job]) => {
          if (!job) return;
          // A worker that found a job asks again at once instead of sleeping out its
          // polling interval: a backlog drains at the speed of the jobs.
          if (worker.id) this.#boss.notifyWorker(worker.id);
          await this.#run(handlers, job);
        });
        ids.push(worker.id);
      }
      this.#workerIds.set(kind, ids);
    }
  }

  async #run(handlers: JobHandlers, job: PgBoss.JobWithMetadata<Job>) {
    const run: JobRun = {
      id: job.id,
      retryCount: job.retryCount,
      lastAttempt: job.retryCount >= job.retryLimit,
    };
    const handler = handlers[job.name as JobKind] as (job: Job, run: JobRun) => Promise<void>;
    try {
      await handler(job.data, run);
    } catch (error) {
      const dead = job.retryCount >= job.retryLimit;
      const details = { err: error, job: job.id, kind: job.name, retryCount: job.retryCount };
      if (dead) this.#log.error(details, 'job failed for the last time: it is dead');
      else this.#log.warn(details, 'job failed; it will be retried');
      throw error;
    }
  }

  /** Tells this process's idle workers of `kinds` to look for jobs now instead of at their next poll. */
  wake(kinds: Iterable<JobKind>): void {
    for (const kind of new Set(kinds)) {
      for (const id of this.#workerIds.get(kind) ?? []) this.#boss.notifyWorker(id);
    }
  }

  /**
   * Stops taking jobs and waits (up to `timeoutMs`) for the running ones to finish; a job
   * still running then is failed, to be retried. Answers once the queue's own writes are
   * done, so the database can close.
   */
  async stop(timeoutMs: number): Promise<void> {
    if (!this.#started) return;
    await this.#started.catch(() => {});
    await this.#boss.stop({ graceful: true, wait: true, close: false, timeout: timeoutMs });
    await Promise.allSettled(this.#inFlight);
    this.#workerIds.clear();
  }
}
