/**
 * On-sale alerts with several worker processes on one PostgreSQL, as production runs: the
 * scheduled run queued twice and each notice's mail asked for three times, taken by two
 * processes of two workers each, reach each person once, by notice and by mail; and two
 * runs of the alerting statement at once take a show once. (PGlite belongs to one process:
 * the same rules on it are in on-sale.test.ts.)
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
import { createConcert, createUser, daysFromToday, type User } from '#server/db/seed/factories.ts';
import { concertWishlist, mailSent, notifications } from '#server/db/schema.ts';
import type { Job } from '#server/jobs/kinds.ts';
import { JobQueue } from '#server/jobs/queue.ts';
import { spawnEncore, stopProcess, type EncoreProcess } from '#server/testing/processes.ts';
import { createTestDatabase, testDatabaseKind } from '#server/testing/test-database.ts';
import { alertOpenedSales } from './queries.ts';

const quiet = { info() {}, warn() {}, error() {} };
const PEOPLE = 6;

describe.skipIf(testDatabaseKind() !== 'postgres')(
  'on-sale alerts across worker processes',
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
      dataDir = await mkdtemp(path.join(os.tmpdir(), 'encore-on-sale-workers-'));
      smtp = new SMTPServer({
        authOptional: true,
        disabledCommands: ['STARTTLS', 'AUTH'],
        onData(stream: SMTPServerDataStream, session, callback) {
          stream.resume();
          // A slow server: senders of the same alert overlap while one waits for it.
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

    /** A show stored an hour ago whose tickets went on sale a moment ago, saved by `people`. */
    async function justOnSale(people: readonly User[]) {
      const show = await createConcert(database.db, { date: daysFromToday(30) });
      await database.db.execute(
        sql`UPDATE concerts SET on_sale_at = now() - interval '5 seconds',
                                sales_open_at = now() - interval '5 seconds',
                                created_at = now() - interval '1 hour'
             WHERE id = ${show.id}`,
      );
      await database.db
        .insert(concertWishlist)
        .values(people.map((someone) => ({ userId: someone.id, concertId: show.id })));
      return show;
    }

    const noticesOf = async (concertId: string, ids: string[]) => {
      const [row] = await database.db
        .select({ rows: count() })
        .from(notifications)
        .where(
          and(
            eq(notifications.type, 'on_sale'),
            eq(notifications.relatedConcertId, concertId),
            inArray(notifications.userId, ids),
          ),
        );
      return row?.rows;
    };

    it('takes a show once when two runs of the alerting statement meet', async () => {
      const db = database.db;
      const people: User[] = [];
      for (let i = 0; i < PEOPLE; i++) people.push(await createUser(db));
      const show = await justOnSale(people);
      const runs = await Promise.all(
        [1, 2, 3].map(() =>
          db.transaction((tx) => alertOpenedSales(tx, { limit: 200, windowMinutes: 60 })),
        ),
      );
      const told = runs.flatMap((run) => run.notices).filter((n) => n.concertId === show.id);
      expect(told).toHaveLength(PEOPLE);
      expect(
        await noticesOf(
          show.id,
          people.map((someone) => someone.id),
        ),
      ).toBe(PEOPLE);
    });

    it('tells each person once, by notice and by mail, however many jobs and workers ask', async () => {
      const db = database.db;
      const people: User[] = [];
      for (let i = 0; i < PEOPLE; i++) {
        people.push(await createUser(db, { emailVerifiedAt: new Date() }));
      }
      const ids = people.map((someone) => someone.id);
      const show = await justOnSale(people);
      const queue = new JobQueue(db, loadConfig(env()).jobs, quiet, { maintain: false });
      await queue.start();
      await queue.enqueue(db, [{ kind: 'on-sale-alerts' }, { kind: 'on-sale-alerts' }]);

      workers.push(spawnEncore('worker', env()), spawnEncore('worker', env()));
      await Promise.all(workers.map((worker) => worker.logged('Encore worker is running jobs')));
      await vi.waitFor(async () => expect(await noticesOf(show.id, ids)).toBe(PEOPLE), {
        timeout: 60_000,
        interval: 250,
      });
      // Each notice's mail asked for twice more, while the first asks may still run.
      const notices = await db
        .select({ id: notifications.id })
        .from(notifications)
        .where(and(eq(notifications.type, 'on_sale'), inArray(notifications.userId, ids)));
      const again = [1, 2].flatMap(() =>
        notices.map((notice): Job => ({ kind: 'on-sale-mail', notificationId: notice.id })),
      );
      await queue.enqueue(db, again);
      await queue.stop(1_000);

      await vi.waitFor(
        async () => {
          const [left] = await executeRows<{ waiting: number }>(
            db,
            sql`SELECT count(*)::int AS waiting FROM pgboss.job
                 WHERE name IN ('on-sale-alerts', 'on-sale-mail') AND state < 'completed'`,
          );
          expect(left?.waiting).toBe(0);
          expect(delivered).toHaveLength(PEOPLE);
        },
        { timeout: 120_000, interval: 250 },
      );
      for (const someone of people) {
        expect(delivered.filter((to) => to === someone.email)).toHaveLength(1);
      }
      expect(await noticesOf(show.id, ids)).toBe(PEOPLE);
      const [sent] = await db
        .select({ rows: count() })
        .from(mailSent)
        .where(and(eq(mailSent.kind, 'on-sale'), inArray(mailSent.userId, ids)));
      expect(sent?.rows).toBe(PEOPLE);
    });
  },
);
