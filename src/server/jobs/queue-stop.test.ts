/**
 * Stopping the queue waits for its own writes. pg-boss marks a job failed without waiting
 * for the write; a queue that answered stop() before that write was done let the app close
 * its database under it ("Cannot use a pool after calling end on the pool").
 *
 * PostgreSQL only: the job's row is held by another connection, so the write waits.
 */
import type { AddressInfo } from 'node:net';
import type pg from 'pg';
import { SMTPServer, type SMTPServerDataStream } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createAccount } from '../auth/provider/accounts.ts';
import { BrowserLikeClient } from '../testing/browser-like-client.ts';
import { testDatabaseKind } from '../testing/test-database.ts';
import { useTestApp } from '../testing/use-test-app.ts';

describe.runIf(testDatabaseKind() === 'postgres')('stopping the job queue', () => {
  /** Another connection to the app's database, holding the job's row while the mail is refused. */
  let holder: pg.PoolClient | undefined;
  let refused = false;
  let smtp: SMTPServer;
  beforeAll(async () => {
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      onData(stream: SMTPServerDataStream, _session, callback) {
        stream.resume();
        stream.on('end', () => {
          void holdTheRunningJob().then(() => {
            refused = true;
            callback(Object.assign(new Error('Mailbox busy'), { responseCode: 451 }));
          });
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  });
  afterAll(() => new Promise<void>((resolve) => smtp.close(() => resolve())));

  const server = useTestApp(() => ({
    env: {
      SMTP_URL: `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}`,
      LOG_LEVEL: 'silent',
    },
  }));

  async function holdTheRunningJob() {
    holder = await server.database.postgresPool!.connect();
    await holder.query('BEGIN');
    await holder.query(
      `SELECT id FROM pgboss.job WHERE name = 'password-reset-mail' AND state = 'active' FOR UPDATE`,
    );
  }

  const jobState = async () => {
    const { rows } = await server.database.postgresPool!.query<{ state: string }>(
      `SELECT state::text AS state FROM pgboss.job WHERE name = 'password-reset-mail'`,
    );
    return rows[0]?.state;
  };

  it('answers once the failed job is written, not before', async () => {
    const email = `stop-${Date.now()}@example.com`;
    await createAccount(server.db(), { firstName: 'Test', email, password: 'a long password' });
    await new BrowserLikeClient(server.url).request('POST', '/account/forgot-password', {
      form: { email },
    });
    await vi.waitFor(() => expect(refused).toBe(true), { timeout: 10_000, interval: 20 });
    // The handler has failed; pg-boss's write of that waits for the row.

    let stopped = false;
    const stopping = server.app.jobs.stop(1_000).then(() => {
      stopped = true;
    });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(stopped).toBe(false);

    await holder!.query('COMMIT');
    holder!.release();
    await stopping;
    expect(await jobState()).toBe('retry');
  });
});
