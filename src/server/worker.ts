/**
 * `npm run worker`: a process that only runs jobs, beside any number of app processes on
 * one PostgreSQL (the app processes then run with JOB_WORKERS_IN_PROCESS=false, or run
 * jobs too). It is woken by the writes' notices and polls for anything it missed; on
 * SIGTERM it takes no new job, lets the running ones finish (up to
 * SHUTDOWN_TIMEOUT_SECONDS), and exits.
 */
import pino from 'pino';
import pretty from 'pino-pretty';
import { changeFeedOf, createWriter } from './changes/index.ts';
import { ConfigError, loadConfig } from './config.ts';
import { prepareDataDir } from './data-dir.ts';
import { openDatabase } from './db/index.ts';
import { outliveUnawaitedDatabaseFailures } from './db/unawaited-failures.ts';
import { importRunMs, jobHandlers } from './jobs/handlers.ts';
import { JobQueue } from './jobs/queue.ts';
import { loggerOptions } from './logging.ts';
import { createMailer } from './mail/mailer.ts';
import { createProviders } from './plugins/providers.ts';
import { openFileStore } from './storage/index.ts';

async function main() {
  const config = loadConfig();
  if (!config.databaseUrl) {
    throw new ConfigError(
      'npm run worker needs DATABASE_URL: the embedded database belongs to the app process, which runs its jobs itself',
    );
  }
  const log = pino(
    loggerOptions({ level: config.logLevel }) as pino.LoggerOptions,
    process.stdout.isTTY
      ? pretty({ colorize: true, translateTime: 'SYS:HH:MM:ss.l', ignore: 'pid,hostname' })
      : undefined,
  );
  outliveUnawaitedDatabaseFailures(log);
  await prepareDataDir(config.dataDir);
  const database = await openDatabase(config);
  await database.migrate();

  const queue = new JobQueue(database.db, config.jobs, log);
  const feed = changeFeedOf(database)!;
  // Jobs that write tell the app processes what to drop; a worker caches no reads itself.
  const writer = createWriter({ db: database.db, jobs: queue, feed, dropHere: () => {} });
  await queue.start();
  const providers = createProviders(config, { db: database.db, log });
  await queue.work(
    jobHandlers({
      db: database.db,
      writer,
      files: await openFileStore(config.storage, config.dataDir, { receives: false }),
      mailer: createMailer({
        smtpUrl: config.mail.smtpUrl,
        from: config.mail.from,
        dataDir: config.dataDir,
        log,
      }),
      mail: config.mail,
      log,
      publicUrl: config.publicUrl,
      uploads: config.uploads,
      push: config.push,
      fanOutBatch: config.jobs.fanOutBatch,
      ticketmaster: providers.ticketmaster,
      setlistfm: providers.setlistfm,
      importRunMs: importRunMs(config.jobs),
      showRefreshArtists: config.jobs.showRefreshArtists,
      concertReminderHours: config.jobs.concertReminderHours,
      rankingRule: config.rankingRule,
    }),
  );
  const stopListening = await feed.subscribe({
    onTags: () => {},
    onJobs: (kinds) => queue.wake(kinds),
    onGap: () => {},
    onError: (error) => log.warn({ err: error }, 'change feed connection failed'),
  });

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, 'worker stopping: running jobs finish first');
    const timeoutMs = config.shutdownTimeoutSeconds * 1000;
    stopListening()
      .then(() => queue.stop(timeoutMs))
      .then(() => database.close())
      .then(
        () => process.exit(0),
        (error: unknown) => {
          log.error({ err: error }, 'worker shutdown failed');
          process.exit(1);
        },
      );
  };
  process.once('SIGTERM', () => stop('SIGTERM'));
  process.once('SIGINT', () => stop('SIGINT'));
  log.info(
    { concurrency: config.jobs.concurrency, pid: process.pid },
    'Encore worker is running jobs',
  );
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
