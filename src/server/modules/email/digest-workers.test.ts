/**
 * The daily digest with several worker processes on one PostgreSQL, as production runs:
 * the scheduled run queued more than once and each person's mail asked for three times,
 * taken by two processes of two workers each, reaches each person once. (PGlite belongs to
 * one process: the same rule on it is in email.test.ts.)
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
import { createNotification, createUser, type User } from '#server/db/seed/factories.ts';
import { mailSent } from '#server/db/schema.ts';
import type { Job } from '#server/jobs/kinds.ts';
import { JobQueue } from '#server/jobs/queue.ts';
import { spawnEncore, stopProcess, type EncoreProcess } from '#server/testing/processes.ts';
import { createTestDatabase, testDatabaseKind } from '#server/testing/test-database.ts';

const quiet = { info() {}, warn() {}, error() {} };
const READERS = 6;

describe.skipIf(testDatabaseKind() !== 'postgres')(
  'the daily digest across worker processes',
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
      dataDir = await mkdtemp(path.join(os.tmpdir(), 'encore-digest-workers-'));
      smtp = new SMTPServer({
        authOptional: true,
        disabledCommands: ['STARTTLS', 'AUTH'],
        onData(stream: SMTPServerDataStream, session, callback) {
          stream.resume();
          // A slow server: senders of the same digest overlap while one waits for it.
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
      DIGEST_HOUR: String(new Date().getUTCHours()),
      QUIET_HOURS: '0-0',
    });

    it('sends each person one digest, however many jobs and workers ask', async () => {
      const db = database.db;
      const readers: User[] = [];
      for (let i = 0; i < READERS; i++) {
        const reader = await createUser(db, { emailVerifiedAt: new Date() });
        await createNotification(db, { userId: reader.id });
        readers.push(reader);
      }
      const today = new Date().toISOString().slice(0, 10);
      const queue = new JobQueue(db, loadConfig(env()).jobs, quiet, { maintain: false });
      await queue.start();
      const jobs: Job[] = [
        { kind: 'daily-digests' },
        { kind: 'daily-digests' },
        ...[1, 2, 3].flatMap(() =>
          readers.map((reader): Job => ({
            kind: 'digest-mail',
            userId: reader.id,
            localDate: today,
          })),
        ),
      ];
      await queue.enqueue(db, jobs);
      await queue.stop(1_000);

      workers.push(spawnEncore('worker', env()), spawnEncore('worker', env()));
      await Promise.all(workers.map((worker) => worker.logged('Encore worker is running jobs')));

      await vi.waitFor(
        async () => {
          const [left] = await executeRows<{ waiting: number }>(
            db,
            sql`SELECT count(*)::int AS waiting FROM pgboss.job
                 WHERE name IN ('daily-digests', 'digest-mail') AND state < 'completed'`,
          );
          expect(left?.waiting).toBe(0);
        },
        { timeout: 120_000, interval: 250 },
      );
      for (const reader of readers) {
        expect(delivered.filter((to) => to === reader.email)).toHaveLength(1);
      }
      const [sent] = await db
        .select({ rows: count() })
        .from(mailSent)
        .where(
          and(
            eq(mailSent.kind, 'digest'),
            inArray(
              mailSent.userId,
              readers.map((reader) => reader.id),
            ),
          ),
        );
      expect(sent?.rows).toBe(READERS);
    });
  },
);
