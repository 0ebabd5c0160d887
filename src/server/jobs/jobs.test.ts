/**
 * The job queue in the app process, on both databases: jobs exist exactly when the write
 * that calls for them commits, a failing job is retried, and one that keeps failing ends
 * dead, logged and listed. (Worker processes, SIGKILL and SIGTERM: processes.test.ts.)
 */
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { SMTPServer, type SMTPServerDataStream } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createAccount } from '../auth/provider/accounts.ts';
import { executeRows } from '../db/index.ts';
import { createConcert, createFollow, daysFromToday } from '../db/seed/factories.ts';
import { BrowserLikeClient } from '../testing/browser-like-client.ts';
import { jobsSettled, unfinishedJobs } from '../testing/jobs.ts';
import { TEST_RATINGS } from '../testing/review-fixtures.ts';
import { useTestApp } from '../testing/use-test-app.ts';
import { formatJobReport, jobReport } from './report.ts';

const logLines: string[] = [];
const logStream = new Writable({
  write(chunk: Buffer, _encoding, done) {
    logLines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
    done();
  },
});

/** A mail server that refuses the first message it is sent for a while ("try again later"). */
let smtp: SMTPServer;
let refusalsLeft = 0;
const delivered: string[] = [];
beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    onData(stream: SMTPServerDataStream, session, callback) {
      stream.resume();
      stream.on('end', () => {
        if (refusalsLeft > 0) {
          refusalsLeft -= 1;
          const busy = Object.assign(new Error('Mailbox busy, try again later'), {
            responseCode: 451,
          });
          callback(busy);
          return;
        }
        delivered.push(...session.envelope.rcptTo.map((r) => r.address));
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
});
afterAll(() => new Promise<void>((resolve) => smtp.close(() => resolve())));

const server = useTestApp(() => ({
  env: {
    SMTP_URL: `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}`,
    LOG_LEVEL: 'warn',
    JOB_RETRY_LIMIT: '2',
    JOB_RETRY_DELAY_SECONDS: '1',
    JOB_MAINTENANCE_SECONDS: '1',
  },
  deps: { logStream },
}));
const { db, person } = server;

async function jobsOfKind(kind: string) {
  return executeRows<{ state: string; retry_count: number; data: Record<string, unknown> }>(
    db(),
    sql`SELECT state::text AS state, retry_count, data FROM pgboss.job WHERE name = ${kind}`,
  );
}

describe('jobs are added in the write’s transaction', () => {
  it('adds none when the write rolls back, and its jobs when it commits', async () => {
    const keys = ['ab/00000000-0000-4000-8000-000000000001.webp'];
    await expect(
      server.app.writer.write(async (_tx, changes) => {
        changes.record({ kind: 'files-released', keys });
        throw new Error('the write fails after recording its change');
      }),
    ).rejects.toThrow('the write fails');
    expect((await jobsOfKind('remove-files')).filter((job) => job.data.keys)).toEqual([]);

    await server.app.writer.write(async (_tx, changes) => {
      changes.record({ kind: 'files-released', keys });
    });
    await jobsSettled(db());
    expect(await jobsOfKind('remove-files')).toEqual([
      expect.objectContaining({ state: 'completed', data: { kind: 'remove-files', keys } }),
    ]);
  });

  it('leaves no fan-out behind a review the API refused after writing it', async () => {
    const { user: author, api } = await person();
    await createFollow(db(), { followingId: author.id });
    const concert = await createConcert(db(), { date: daysFromToday(-1) });
    const before = (await jobsOfKind('review-fan-out')).length;
    const noticesBefore = (await jobsOfKind('review-notices')).length;
    // The review's photo turns out not to be the author's upload, inside the write.
    const refused = await api.post('/api/reviews', {
      ...TEST_RATINGS,
      reviewText: 'A review whose photo is someone else’s.',
      concertId: concert.id,
      media: [{ id: '00000000-0000-4000-8000-000000000002' }],
    });
    expect(refused.status).toBe(400);
    expect(await jobsOfKind('review-fan-out')).toHaveLength(before);
    expect(await jobsOfKind('review-notices')).toHaveLength(noticesBefore);

    const posted = await api.post<{ id: string }>('/api/reviews', {
      ...TEST_RATINGS,
      reviewText: 'The same show, without the photo.',
      concertId: concert.id,
    });
    expect(posted.status).toBe(201);
    expect(await jobsOfKind('review-fan-out')).toHaveLength(before + 1);
    expect(await jobsOfKind('review-notices')).toHaveLength(noticesBefore + 1);
  });
});

describe('scheduled jobs', () => {
  it('sweeps unused uploads every hour', async () => {
    const [schedule] = await executeRows<{ cron: string }>(
      db(),
      sql`SELECT cron FROM pgboss.schedule WHERE name = 'sweep-uploads'`,
    );
    expect(schedule).toEqual({ cron: '17 * * * *' });
  });
});

describe('a failing job', () => {
  it('is retried after a delay, and its effect happens once', async () => {
    const email = `retry-${Date.now()}@example.com`;
    await createAccount(db(), { firstName: 'Test', email, password: 'a long enough password' });
    refusalsLeft = 1;
    // The reset is asked for on the provider's own page, a form sent over real HTTP.
    const page = await new BrowserLikeClient(server.url).request(
      'POST',
      '/account/forgot-password',
      { form: { email } },
    );
    expect(page.status).toBe(200);
    await vi.waitFor(() => expect(delivered).toContain(email), { timeout: 10_000, interval: 50 });
    await jobsSettled(db());
    const [job, ...others] = await jobsOfKind('password-reset-mail');
    expect(others).toEqual([]);
    expect(job).toMatchObject({ state: 'completed', retry_count: 1 });
    expect(delivered.filter((to) => to === email)).toHaveLength(1);
    expect(logLines.join('\n')).toContain('job failed; it will be retried');
  });

  it('left running by a worker that died is retried once its timeout has passed', async () => {
    // As a killed worker leaves it: taken an hour ago, never finished.
    const [orphan] = await executeRows<{ id: string }>(
      db(),
      sql`INSERT INTO pgboss.job (name, data, state, started_on, expire_in, retry_limit)
          VALUES ('remove-files', '{"kind": "remove-files", "keys": []}', 'active',
                  now() - interval '1 hour', interval '1 minute', 2)
          RETURNING id`,
    );
    await vi.waitFor(
      async () => {
        const [job] = await executeRows<{ state: string; retry_count: number }>(
          db(),
          sql`SELECT state::text AS state, retry_count FROM pgboss.job WHERE id = ${orphan!.id}`,
        );
        expect(job).toEqual({ state: 'completed', retry_count: 1 });
      },
      { timeout: 15_000, interval: 100 },
    );
  });

  it('ends dead past its retries: logged as such, and listed by the job report', async () => {
    // Not a key this store makes: removing it fails every time.
    await server.app.writer.write(async (_tx, changes) => {
      changes.record({ kind: 'files-released', keys: ['../outside-the-store'] });
    });
    await vi.waitFor(
      async () => {
        const removal = (await jobReport(db())).kinds.find((k) => k.kind === 'remove-files');
        expect(removal!.counts.dead).toBe(1);
      },
      { timeout: 15_000, interval: 100 },
    );
    expect(await unfinishedJobs(db())).toEqual({});
    const report = await jobReport(db());
    expect(report.failed).toEqual([
      expect.objectContaining({
        kind: 'remove-files',
        state: 'dead',
        tries: 3,
        error: expect.stringContaining('not a file key') as unknown,
      }),
    ]);
    const shown = formatJobReport(report).split('\n');
    expect(shown.find((line) => line.startsWith('remove-files'))).toMatch(
      /^remove-files\s+0\s+0\s+0\s+1\s+-\s+\d+s$/,
    );
    expect(shown).toContainEqual(expect.stringMatching(/remove-files {2}dead after 3 tries/));
    const dead = logLines
      .map((line) => JSON.parse(line) as { msg: string; kind?: string })
      .filter((line) => line.msg === 'job failed for the last time: it is dead');
    expect(dead).toEqual([expect.objectContaining({ kind: 'remove-files' })]);
  });
});
