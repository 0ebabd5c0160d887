/**
 * `npm run cluster`: three app processes, a worker and HAProxy (deploy/haproxy.cfg) on one
 * PostgreSQL, driven through HAProxy as people would, and directly where a test must pick
 * the instance.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { DatabaseHandle } from './db/index.ts';
import { createConcert, createReview, createUser, daysFromToday } from './db/seed/factories.ts';
import { packageRoot } from './paths.ts';
import { multipartBody, sessionCookieFor } from './testing/api-client.ts';
import { openEventStream } from './testing/event-stream.ts';
import { pngImage } from './testing/media-files.ts';
import { requestsWithCookie } from './testing/processes.ts';
import { TEST_RATINGS } from './testing/review-fixtures.ts';
import { freePort } from './testing/test-app.ts';
import { createTestDatabase, testDatabaseKind } from './testing/test-database.ts';

const INSTANCES = 3;
const METRICS_TOKEN = randomBytes(16).toString('hex');
/** Small limits, so that a test can send three times as many requests as they admit. */
const SIGN_IN_LIMIT = 30;
const REPORTS_LIMIT = 5;

const countOf = (statuses: number[], status: number) =>
  statuses.filter((each) => each === status).length;

describe.skipIf(testDatabaseKind() !== 'postgres')(
  'three instances behind HAProxy (npm run cluster)',
  { timeout: 240_000 },
  () => {
    let database: DatabaseHandle;
    let dataDir: string;
    let cluster: ChildProcess;
    let output = '';
    let front: string;
    const apps: string[] = [];
    const sessionSecret = randomBytes(32).toString('hex');

    const logged = (line: string, timeout = 180_000) =>
      vi.waitFor(
        () => {
          if (cluster.exitCode !== null) throw new Error(`the cluster ended:\n${output}`);
          expect(output).toContain(line);
        },
        { timeout, interval: 100 },
      );

    beforeAll(async () => {
      database = await createTestDatabase();
      const databaseUrl = (database.postgresPool!.options as { connectionString: string })
        .connectionString;
      dataDir = await mkdtemp(path.join(os.tmpdir(), 'encore-cluster-'));
      const port = await freePort();
      front = `http://127.0.0.1:${port}`;
      for (let n = 1; n <= INSTANCES; n++) apps.push(`http://127.0.0.1:${port + n}`);
      cluster = spawn(
        process.execPath,
        [
          'scripts/cluster.mjs',
          '--instances',
          String(INSTANCES),
          '--port',
          String(port),
          '--from-source',
        ],
        {
          cwd: packageRoot,
          env: {
            PATH: process.env.PATH,
            NODE_ENV: 'test',
            LOG_LEVEL: 'warn',
            DATABASE_URL: databaseUrl,
            DATA_DIR: dataDir,
            SESSION_SECRET: sessionSecret,
            SEED_DEMO: '0',
            METRICS_TOKEN,
            SHUTDOWN_DRAIN_SECONDS: '3',
            // Every reader here is one address; the limit tests below name addresses of their own.
            API_RATE_LIMIT: '1000000',
            SIGN_IN_RATE_LIMIT: String(SIGN_IN_LIMIT),
            REPORTS_PER_USER_PER_HOUR: String(REPORTS_LIMIT),
          },
          stdio: ['ignore', 'pipe', 'pipe'],
        },
      );
      cluster.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
      cluster.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
      await logged('cluster: ready at');
    }, 240_000);

    afterAll(async () => {
      if (cluster && cluster.exitCode === null) {
        const exited = new Promise((resolve) => cluster.once('exit', resolve));
        cluster.kill('SIGTERM');
        await exited;
      }
      await database?.close();
      if (dataDir) await rm(dataDir, { recursive: true, force: true });
    }, 60_000);

    const sessionCookie = (userId: string) => sessionCookieFor({ database, sessionSecret }, userId);
    const signedIn = async (userId: string) => requestsWithCookie(await sessionCookie(userId));

    const requestsOf = async (app: string, route: string) => {
      const text = await (
        await fetch(`${app}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })
      ).text();
      const series = `http_request_duration_seconds_count{method="GET",route="${route}",status_code="200"} `;
      const line = text.split('\n').find((l) => l.startsWith(series));
      return line ? Number(line.slice(series.length)) : 0;
    };

    /** Readers of a public list through HAProxy until stopped; every status they got. */
    function readLoad(readers = 4) {
      const statuses: (number | string)[] = [];
      let running = true;
      const loops = Array.from({ length: readers }, async () => {
        while (running) {
          try {
            statuses.push((await fetch(`${front}/api/concerts`)).status);
          } catch (error) {
            statuses.push(String((error as Error).cause ?? error));
          }
        }
      });
      return {
        statuses,
        async stop() {
          running = false;
          await Promise.all(loops);
          return statuses;
        },
      };
    }

    it('continues a session started through one instance on the others, spreading requests over all three', async () => {
      const person = await createUser(database.db);
      const as = await signedIn(person.id);
      for (let n = 0; n < 12; n++) {
        const response = await as(front, 'GET', '/api/user');
        expect(response.status).toBe(200);
        expect(((await response.json()) as { id: string }).id).toBe(person.id);
      }
      for (const app of apps) expect(await requestsOf(app, '/api/user')).toBeGreaterThan(0);
    });

    it('shows a write made on one instance on another within a second', async () => {
      const author = await createUser(database.db);
      const concert = await createConcert(database.db, { date: daysFromToday(-3) });
      const reviewsOf = `/api/reviews?concertId=${concert.id}`;
      // The second instance holds the empty list in its response cache.
      expect(await (await fetch(`${apps[1]}${reviewsOf}`)).json()).toEqual([]);
      const as = await signedIn(author.id);
      const posted = await as(apps[0]!, 'POST', '/api/reviews', {
        ...TEST_RATINGS,
        reviewText: 'Written through the first instance.',
        concertId: concert.id,
      });
      expect(posted.status).toBe(201);
      const { id } = (await posted.json()) as { id: string };
      await vi.waitFor(
        async () => {
          const list = (await (await fetch(`${apps[1]}${reviewsOf}`)).json()) as { id: string }[];
          expect(list.map((review) => review.id)).toEqual([id]);
        },
        { timeout: 1_000, interval: 25 },
      );
    });

    it('streams live events through HAProxy, told of a like written through another instance', async () => {
      const [author, fan] = [await createUser(database.db), await createUser(database.db)];
      const concert = await createConcert(database.db, { date: daysFromToday(-3) });
      const review = await createReview(database.db, { userId: author.id, concertId: concert.id });
      const stream = await openEventStream(`${front}/api/events`, {
        cookie: await sessionCookie(author.id),
      });
      try {
        expect(stream.contentType).toBe('text/event-stream; charset=utf-8');
        const as = await signedIn(fan.id);
        for (const app of apps) {
          expect((await as(app, 'POST', `/api/reviews/${review.id}/like`)).status).toBe(200);
          await stream.next('notices', 3_000);
          expect((await as(app, 'DELETE', `/api/reviews/${review.id}/like`)).status).toBe(200);
        }
      } finally {
        stream.close();
      }
    });

    it('serves a photo uploaded through one instance from every instance', async () => {
      const person = await createUser(database.db);
      const { payload, contentType } = multipartBody('files', [
        { name: 'stage.png', type: 'image/png', bytes: await pngImage(40, 30) },
      ]);
      const uploaded = await fetch(`${apps[0]}/api/upload`, {
        method: 'POST',
        headers: { 'content-type': contentType, cookie: await sessionCookie(person.id) },
        body: payload,
      });
      expect(uploaded.status).toBe(201);
      const { files } = (await uploaded.json()) as { files: { url: string }[] };
      for (const app of apps) {
        await vi.waitFor(
          async () => expect((await fetch(`${app}${files[0]!.url}`)).status).toBe(200),
          { timeout: 30_000, interval: 100 },
        );
      }
    });

    it('holds the per-address sign-in limit in total over the three instances, whatever address a client claims', async () => {
      const discovery = async (headers: Record<string, string> = {}) => {
        const response = await fetch(`${front}/oidc/.well-known/openid-configuration`, { headers });
        await response.arrayBuffer();
        return response.status;
      };
      const statuses = await Promise.all(
        Array.from({ length: SIGN_IN_LIMIT * 3 }, () => discovery()),
      );
      expect(countOf(statuses, 200)).toBe(SIGN_IN_LIMIT);
      expect(countOf(statuses, 429)).toBe(SIGN_IN_LIMIT * 2);
      // HAProxy drops a forwarded address the client wrote itself: no fresh allowance.
      expect(await discovery({ 'x-forwarded-for': '203.0.113.31' })).toBe(429);
    });

    it("holds a person's hourly report limit in total over the three instances", async () => {
      const reporter = await createUser(database.db);
      const as = await signedIn(reporter.id);
      const reported = await Promise.all(
        Array.from({ length: REPORTS_LIMIT * 3 }, () => createUser(database.db)),
      );
      const statuses = await Promise.all(
        reported.map(async (person) => {
          const response = await as(front, 'POST', '/api/reports', {
            targetKind: 'user',
            targetId: person.id,
            reason: 'spam',
          });
          await response.arrayBuffer();
          return response.status;
        }),
      );
      expect(countOf(statuses, 201)).toBe(REPORTS_LIMIT);
      expect(countOf(statuses, 429)).toBe(REPORTS_LIMIT * 2);
    });

    it('loses only the requests in flight when an instance is killed, and starts it again', async () => {
      const pid = Number(/app2 started \(pid (\d+)/.exec(output)?.[1]);
      expect(pid).toBeGreaterThan(0);
      const load = readLoad(4);
      await vi.waitFor(() => expect(load.statuses.length).toBeGreaterThan(40), { timeout: 30_000 });
      process.kill(pid, 'SIGKILL');
      await logged('cluster: app2 is back', 120_000);
      const statuses = await load.stop();
      const failed = statuses.filter((status) => status !== 200);
      // At most one request per reader was on the killed instance.
      expect(failed.length).toBeLessThanOrEqual(4);
      expect(statuses.length - failed.length).toBeGreaterThan(40);
    });

    it('costs no request in a rolling restart (SIGHUP)', async () => {
      const load = readLoad(4);
      await vi.waitFor(() => expect(load.statuses.length).toBeGreaterThan(40), { timeout: 30_000 });
      const before = output.length;
      cluster.kill('SIGHUP');
      await vi.waitFor(
        () => expect(output.slice(before)).toContain('cluster: rolling restart done'),
        {
          timeout: 200_000,
          interval: 200,
        },
      );
      const statuses = await load.stop();
      expect(statuses.filter((status) => status !== 200)).toEqual([]);
      expect(statuses.length).toBeGreaterThan(100);
    });
  },
);
