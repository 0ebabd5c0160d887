/**
 * Concert reminders with several worker processes on one PostgreSQL, as production runs:
 * the scheduled run queued more than once and each reminder's mail asked for three times,
 * taken by two processes of two workers each, reach each person once, by notice and by mail.
 * (PGlite belongs to one process: the same rules on it are in reminders.test.ts.)
 */
import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { and, count, eq, inArray, sql } from 'drizzle-orm';
import { SMTPServer, type SMTPServerDataStream } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '#server/config.ts';
import { executeRows, type DatabaseHandle } from '#server/db/index.ts';
import { createConcert, createUser, type User } from '#server/db/seed/factories.ts';
import { attendance, mailSent, notifications } from '#server/db/schema.ts';
import type { Job } from '#server/jobs/kinds.ts';
import { JobQueue } from '#server/jobs/queue.ts';
import { spawnEncore, stopProcess, type EncoreProcess } from '#server/testing/processes.ts';
import { createTestDatabase, testDatabaseKind } from '#server/testing/test-database.ts';

const quiet = { info() {}, warn() {}, error() {} };
const PEOPLE = 6;

describe.skipIf(testDatabaseKind() !== 'postgres')(
  'concert reminders across worker processes',
  { timeout: 180_000 },
  () => {
    let database: DatabaseHandle;
    let databaseUrl: string;
    let dataDir: string;
    let smtp: SMTPServer;
    const delivered: string[] = [];
    const workers: EncoreProcess[] = [];

    beforeAll(async () => {
      database = await createTestDatabase();
      databaseUrl = (database.postgresPool!.options as { connectionString: string })
        .connectionString;
      dataDir = await mkdtemp(path.join(os.tmpdir(), 'encore-reminder-workers-'));
      smtp = new SMTPServer({
        authOptional: true,
        disabledCommands: ['STARTTLS', 'AUTH'],
        onData(stream: SMTPServerDataStream, session, callback) {
          stream.resume();
          // A slow server: senders of the same reminder overlap while one waits for it.
          stream.on('end', () =>
            setTimeout(() => {
              delivered.push(...session.envelope.rcptTo.map((r) => r.address));
              callback();
            }, 200),
          );
        },
      });
      await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    });
    afterAll(async () => {
      await Promise.all(workers.map(stopProcess));
      await new Promise<void>((resolve) => smtp.close(() => resolve()));
      await database?.close();
      await rm(dataDir, { recursive: true, force: true });
    });

    const env = () => ({
      DATABASE_URL: databaseUrl,
      DATA_DIR: dataDir,
      SMTP_URL: `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}`,
      JOB_CONCURRENCY: '2',
      JOB_POLL_SECONDS: '0.5',
      JOB_RETRY_DELAY_SECONDS: '1',
    });

    it('reminds each person once, by notice and by mail, however many jobs and workers ask', async () => {
      const db = database.db;
      const start = new Date(Date.now() + 3 * 60 * 60 * 1000);
      const show = await createConcert(db, {
        date: start.toISOString().slice(0, 10),
        time: null,
        startsAt: start.toISOString(),
        timeZone: 'UTC',
      });
      const people: User[] = [];
      for (let i = 0; i < PEOPLE; i++) {
        const someone = await createUser(db, { emailVerifiedAt: new Date() });
        await db.insert(attendance).values({
          userId: someone.id,
          concertId: show.id,
          status: 'going',
          concertDate: show.date,
        });
        people.push(someone);
      }
      const queue = new JobQueue(db, loadConfig(env()).jobs, quiet, { maintain: false });
      await queue.start();
      const jobs: Job[] = [
        { kind: 'concert-reminders' },
        { kind: 'concert-reminders' },
        ...[1, 2, 3].flatMap(() =>
          people.map((someone): Job => ({
            kind: 'concert-reminder-mail',
            userId: someone.id,
            concertId: show.id,
          })),
        ),
      ];
      await queue.enqueue(db, jobs);
      await queue.stop(1_000);

      workers.push(spawnEncore('worker', env()), spawnEncore('worker', env()));
      await Promise.all(workers.map((worker) => worker.logged('Encore worker is running jobs')));

      const ids = people.map((someone) => someone.id);
      await vi.waitFor(
        async () => {
          const [left] = await executeRows<{ waiting: number }>(
            db,
            sql`SELECT count(*)::int AS waiting FROM pgboss.job
                 WHERE name IN ('concert-reminders', 'concert-reminder-mail')
                   AND state < 'completed'`,
          );
          expect(left?.waiting).toBe(0);
          expect(delivered).toHaveLength(PEOPLE);
        },
        { timeout: 120_000, interval: 250 },
      );
      for (const someone of people) {
        expect(delivered.filter((to) => to === someone.email)).toHaveLength(1);
      }
      const [notices] = await db
        .select({ rows: count() })
        .from(notifications)
        .where(and(eq(notifications.type, 'concert_reminder'), inArray(notifications.userId, ids)));
      expect(notices?.rows).toBe(PEOPLE);
      const [sent] = await db
        .select({ rows: count() })
        .from(mailSent)
        .where(and(eq(mailSent.kind, 'concert-reminder'), inArray(mailSent.userId, ids)));
      expect(sent?.rows).toBe(PEOPLE);
    });
  },
);
