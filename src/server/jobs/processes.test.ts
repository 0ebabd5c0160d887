/**
 * Jobs across real processes on one PostgreSQL: a worker killed with SIGKILL in the middle
 * of a fan-out, a worker stopped with SIGTERM while it runs one, and two app processes
 * with a worker process of their own. (PGlite belongs to one process: nothing to share.)
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../config.ts';
import { executeRows, type DatabaseHandle } from '../db/index.ts';
import { createConcert, createReview, createUser, daysFromToday } from '../db/seed/factories.ts';
import { sessionCookieFor } from '../testing/api-client.ts';
import {
  requestsWithCookie,
  spawnEncore,
  stopProcess,
  type EncoreProcess,
} from '../testing/processes.ts';
import { TEST_RATINGS } from '../testing/review-fixtures.ts';
import { freePort } from '../testing/test-app.ts';
import { createTestDatabase, testDatabaseKind } from '../testing/test-database.ts';
import { jobsFor } from '../changes/index.ts';
import { JOB_KINDS } from './kinds.ts';
import { JobQueue } from './queue.ts';

const FOLLOWERS = 3_000;
const BATCH = 100;
const quiet = { info() {}, warn() {}, error() {} };

// Each test starts Node processes of its own, which a busy machine takes seconds to boot.
describe.skipIf(testDatabaseKind() !== 'postgres')(
  'jobs across processes',
  { timeout: 120_000 },
  () => {
    let database: DatabaseHandle;
    let databaseUrl: string;
    let dataDir: string;
    const sessionSecret = randomBytes(32).toString('hex');
    const running: EncoreProcess[] = [];

    beforeAll(async () => {
      database = await createTestDatabase();
      databaseUrl = (database.postgresPool!.options as { connectionString: string })
        .connectionString;
      dataDir = await mkdtemp(path.join(os.tmpdir(), 'encore-processes-'));
    });
    afterEach(async () => {
      await Promise.all(running.splice(0).map(stopProcess));
    });
    afterAll(async () => {
      await database?.close();
      await rm(dataDir, { recursive: true, force: true });
    });

    const env = (extra: Record<string, string> = {}) => ({
      DATABASE_URL: databaseUrl,
      DATA_DIR: dataDir,
      SESSION_SECRET: sessionSecret,
      // A job whose worker died is retried soon after.
      JOB_TIMEOUT_SECONDS: '6',
      JOB_MAINTENANCE_SECONDS: '1',
      JOB_RETRY_DELAY_SECONDS: '1',
      JOB_POLL_SECONDS: '0.5',
      TIMELINE_FANOUT_BATCH: String(BATCH),
      ...extra,
    });
    const start = (entry: 'main' | 'worker', extra?: Record<string, string>) => {
      const encore = spawnEncore(entry, env(extra));
      running.push(encore);
      return encore;
    };
    const db = () => database.db;

    /** An author with FOLLOWERS followers (in id order) and a review not yet fanned out. */
    async function starWithAReview() {
      const author = await createUser(db());
      const concert = await createConcert(db(), { date: daysFromToday(-1) });
      const review = await createReview(db(), { userId: author.id, concertId: concert.id });
      const prefix = `fan${randomBytes(3).toString('hex')}`;
      const followers = await executeRows<{ id: string }>(
        db(),
        sql`WITH fans AS (
            INSERT INTO users (email, username, first_name)
            SELECT ${prefix} || g || '@example.com', ${prefix} || g, 'Fan'
              FROM generate_series(1, ${FOLLOWERS}) g RETURNING id),
          follows AS (
            INSERT INTO user_follows (follower_id, following_id)
            SELECT id, ${author.id} FROM fans)
          SELECT id FROM fans ORDER BY id`,
      );
      return { author, review, followerIds: followers.map((f) => f.id) };
    }

    const fanOutOf = async (reviewId: string) => {
      const [row] = await executeRows<{ entries: number; distinct: number; notices: number }>(
        db(),
        sql`SELECT (SELECT count(*) FROM timeline_entries WHERE review_id = ${reviewId})::int AS entries,
                 (SELECT count(DISTINCT user_id) FROM timeline_entries WHERE review_id = ${reviewId})::int AS distinct,
                 (SELECT count(*) FROM notifications WHERE related_review_id = ${reviewId} AND type = 'new_review')::int AS notices`,
      );
      return row!;
    };

    /** The states of the review's two jobs, the fan-out's and the notices'. */
    const jobStates = async (reviewId: string) =>
      executeRows<{ name: string; state: string }>(
        db(),
        sql`SELECT name, state::text AS state FROM pgboss.job
           WHERE name IN ('review-fan-out', 'review-notices') AND data->>'reviewId' = ${reviewId}
           ORDER BY name`,
      );
    const both = (state: string) => [
      { name: 'review-fan-out', state },
      { name: 'review-notices', state },
    ];

    /** The jobs a post of the review adds. */
    async function enqueueFanOut(reviewId: string) {
      const queue = new JobQueue(db(), loadConfig(env()).jobs, quiet, { maintain: false });
      await queue.start();
      await queue.enqueue(db(), jobsFor({ kind: 'review-posted', reviewId }));
      await queue.stop(1_000);
    }

    /**
     * Makes the batches that reach one follower wait until release(): the fan-out's meets
     * the follower's entry, inserted here and not yet committed; the notices' meets the
     * follower's row, held here (a notice's foreign key locks it). Released, the entry
     * rolls back, so the fan-out writes it.
     */
    async function holdFollower(followerId: string, reviewId: string) {
      const client = new pg.Client({ connectionString: databaseUrl });
      await client.connect();
      await client.query('BEGIN');
      // The review's own created_at, to the microsecond: the entry's key is the fan-out's.
      await client.query(
        `INSERT INTO timeline_entries (user_id, created_at, review_id)
         SELECT $1, created_at, id FROM reviews WHERE id = $2`,
        [followerId, reviewId],
      );
      await client.query('SELECT 1 FROM users WHERE id = $1 FOR UPDATE', [followerId]);
      return {
        async release() {
          await client.query('ROLLBACK');
          await client.end();
        },
      };
    }

    it('lets processes starting together on a database without the queues make them', async () => {
      // Each start makes every queue it does not find; four at once used to deadlock.
      const fresh = await createTestDatabase();
      try {
        const queues = Array.from(
          { length: 4 },
          () => new JobQueue(fresh.db, loadConfig(env()).jobs, quiet, { maintain: false }),
        );
        await Promise.all(queues.map((queue) => queue.start()));
        const made = await executeRows<{ name: string }>(
          fresh.db,
          sql`SELECT name FROM pgboss.queue`,
        );
        expect(made.map((queue) => queue.name).sort()).toEqual([...JOB_KINDS].sort());
        await Promise.all(queues.map((queue) => queue.stop(1_000)));
      } finally {
        await fresh.close();
      }
    });

    it('starts on a new database while another process is creating the queue schema', async () => {
      // The other process has created the schema and not yet committed: this one looks
      // for pg-boss's tables meanwhile, then meets the schema when it creates its own.
      const fresh = await createTestDatabase();
      const other = new pg.Client({
        connectionString: (fresh.postgresPool!.options as { connectionString: string })
          .connectionString,
      });
      await other.connect();
      try {
        await other.query('BEGIN');
        await other.query('CREATE SCHEMA pgboss');
        const queue = new JobQueue(fresh.db, loadConfig(env()).jobs, quiet, { maintain: false });
        const started = queue.start();
        // Read on a connection of its own: a transaction sees pg_stat_activity as it first read it.
        const waiting = async () => {
          const [row] = await executeRows<{ waiting: number }>(
            fresh.db,
            sql`SELECT count(*)::int AS waiting FROM pg_stat_activity
                 WHERE datname = current_database() AND wait_event_type = 'Lock'`,
          );
          return row!.waiting;
        };
        await vi.waitFor(async () => expect(await waiting()).toBe(1), { timeout: 10_000 });
        await other.query('COMMIT');
        await started;
        const made = await executeRows<{ name: string }>(
          fresh.db,
          sql`SELECT name FROM pgboss.queue`,
        );
        expect(made.map((q) => q.name).sort()).toEqual([...JOB_KINDS].sort());
        await queue.stop(1_000);
      } finally {
        await other.end();
        await fresh.close();
      }
    });

    it('runs a fan-out again after its worker was killed half way, each entry and notice once', async () => {
      const { review, followerIds } = await starWithAReview();
      const held = 1_550;
      const hold = await holdFollower(followerIds[held]!, review.id);
      const first = start('worker');
      await first.logged('Encore worker is running jobs');
      await enqueueFanOut(review.id);
      // The batches before the held follower commit; the one that reaches them waits.
      const committed = Math.floor(held / BATCH) * BATCH;
      await vi.waitFor(
        async () =>
          expect(await fanOutOf(review.id)).toMatchObject({
            entries: committed,
            notices: committed,
          }),
        { timeout: 20_000, interval: 50 },
      );
      first.child.kill('SIGKILL');
      expect(await first.exited).toMatchObject({ signal: 'SIGKILL' });
      await hold.release();
      expect(await jobStates(review.id)).toEqual(both('active'));

      start('worker');
      await vi.waitFor(async () => expect(await jobStates(review.id)).toEqual(both('completed')), {
        timeout: 30_000,
        interval: 100,
      });
      expect(await fanOutOf(review.id)).toEqual({
        entries: FOLLOWERS,
        distinct: FOLLOWERS,
        notices: FOLLOWERS,
      });
    });

    it('lets a worker finish the job it runs when told to stop with SIGTERM', async () => {
      const { review, followerIds } = await starWithAReview();
      const hold = await holdFollower(followerIds[2_222]!, review.id);
      const worker = start('worker', { JOB_TIMEOUT_SECONDS: '60', SHUTDOWN_TIMEOUT_SECONDS: '60' });
      await worker.logged('Encore worker is running jobs');
      await enqueueFanOut(review.id);
      await vi.waitFor(async () => expect((await fanOutOf(review.id)).entries).toBe(2_200), {
        timeout: 20_000,
        interval: 50,
      });
      worker.child.kill('SIGTERM');
      await worker.logged('worker stopping: running jobs finish first');
      // Still at work, waiting for the held row.
      expect(worker.child.exitCode).toBeNull();
      await hold.release();
      expect(await worker.exited).toEqual({ code: 0, signal: null });
      expect(await jobStates(review.id)).toEqual(both('completed'));
      expect(await fanOutOf(review.id)).toEqual({
        entries: FOLLOWERS,
        distinct: FOLLOWERS,
        notices: FOLLOWERS,
      });
    });

    it('fans out a review posted through one app process to a reader of another, by a worker process', async () => {
      const [author, reader] = await Promise.all([createUser(db()), createUser(db())]);
      const concert = await createConcert(db(), { date: daysFromToday(-2) });
      // Neither app process runs jobs: only the worker can fan the review out.
      const apps = [];
      for (let n = 0; n < 2; n++) {
        apps.push(
          start('main', {
            PORT: String(await freePort()),
            SEED_DEMO: '0',
            JOB_WORKERS_IN_PROCESS: 'false',
          }),
        );
      }
      start('worker');
      await Promise.all([
        ...apps.map((app) => app.logged('Encore is ready')),
        running.at(-1)!.logged('Encore worker is running jobs'),
      ]);
      const [first, second] = apps.map((app) => {
        const { url } = app.lines.find((line) => line.msg === 'Encore is ready') as { url: string };
        return url;
      });
      const as = async (userId: string, base: string) => {
        const send = requestsWithCookie(
          await sessionCookieFor({ database, sessionSecret }, userId),
        );
        return (method: string, path: string, body?: unknown) => send(base, method, path, body);
      };
      const readerOnSecond = await as(reader.id, second!);
      const authorOnFirst = await as(author.id, first!);
      expect((await readerOnSecond('POST', `/api/users/${author.id}/follow`)).status).toBe(200);
      const posted = await authorOnFirst('POST', '/api/reviews', {
        ...TEST_RATINGS,
        reviewText: 'Posted through one process, read through another.',
        concertId: concert.id,
      });
      expect(posted.status).toBe(201);
      const { id } = (await posted.json()) as { id: string };
      await vi.waitFor(
        async () => {
          const feed = await readerOnSecond('GET', '/api/reviews?feed=following');
          expect(((await feed.json()) as { id: string }[]).map((r) => r.id)).toEqual([id]);
        },
        { timeout: 10_000, interval: 50 },
      );
    });
  },
);
