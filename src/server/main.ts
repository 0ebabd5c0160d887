/**
 * Starts Encore: read config, make DATA_DIR private, open and migrate the database, seed
 * demo data into an empty embedded database, listen, and shut down in order on SIGTERM.
 */
import type { Server } from 'node:http';
import path from 'node:path';
import v8 from 'node:v8';
import pretty from 'pino-pretty';
import { buildApp } from './app.ts';
import { resolveSessionSecret } from './auth/session-secret.ts';
import { changeFeedOf } from './changes/index.ts';
import { ConfigError, loadConfig } from './config.ts';
import { closeUp, prepareDataDir } from './data-dir.ts';
import { openDatabase } from './db/index.ts';
import { outliveUnawaitedDatabaseFailures } from './db/unawaited-failures.ts';
import { isDatabaseEmpty, seedDemoData } from './db/seed/seed-demo.ts';
import type { Readiness } from './plugins/health.ts';
import { listenForMetrics } from './plugins/metrics.ts';

/**
 * V8 moves an allocation site to the old generation once enough of its objects outlive a
 * young-generation collection. Under load, a request's objects are in flight across
 * collections often enough that per-request sites get moved, and the old generation then
 * fills with dead requests until a full collection: measured at 20k req/s, 0.5 MB promoted
 * per scavenge and the server's resident memory climbing from 150 MB to 330 MB. Without
 * pretenuring the old generation stays at its live size (about 50 MB), resident memory
 * near 160 MB, and throughput is a little higher. V8 reads the flag at each collection.
 */
v8.setFlagsFromString('--no-allocation-site-pretenuring');
/**
 * Requests that wait on PostgreSQL still outlive two young collections at times, so the old
 * generation gathers dead requests between full collections, and V8 lets it grow to
 * several times its live size before the next one: signed-in lists at 2,000 req/s took the
 * heap from 52 to 104 MB in a minute with no full collection, and resident memory past
 * 250 MB. Growing the limit by half the live size instead (about 80 MB on 55 MB live)
 * costs a full collection every 20–30 s under that load and holds resident memory near
 * 180 MB. V8 reads the flag each time it sets the limit.
 */
v8.setFlagsFromString('--heap-growing-percent=50');

async function main() {
  const startedAt = performance.now();
  const config = loadConfig();
  await prepareDataDir(config.dataDir);
  const database = await openDatabase(config);
  await database.migrate();

  const readiness: Readiness = { ready: false };
  const app = await buildApp({
    config,
    db: database.db,
    sessionSecret: await resolveSessionSecret(config.sessionSecret, config.dataDir),
    changeFeed: changeFeedOf(database),
    listen: database.listen,
    postgresPool: database.postgresPool,
    readiness,
    // People read a terminal; machines read JSON lines.
    logStream: process.stdout.isTTY
      ? pretty({ colorize: true, translateTime: 'SYS:HH:MM:ss.l', ignore: 'pid,hostname' })
      : undefined,
  });
  outliveUnawaitedDatabaseFailures(app.log);
  // Runs after the server stopped taking connections and its requests finished.
  app.addHook('onClose', async () => database.close());
  let metricsServer: Server | undefined;
  app.addHook('onClose', async () => {
    metricsServer?.closeAllConnections();
    metricsServer?.close();
  });

  if (config.seedDemo && (await isDatabaseEmpty(database.db))) {
    const counts = await seedDemoData(database.db, { today: new Date() });
    app.log.info(counts, 'seeded demo data');
  }

  if (database.kind === 'pglite') await closeUp(path.resolve(config.dataDir, 'db'));

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    // /readyz turns 503 first and, behind a load balancer, the process keeps serving for
    // SHUTDOWN_DRAIN_SECONDS while the balancer's checks see it and send nothing new. Then
    // new connections are refused, requests in flight finish (up to the timeout) and the
    // database closes last.
    readiness.ready = false;
    app.log.info(
      {
        signal,
        drainSeconds: config.shutdownDrainSeconds,
        timeoutSeconds: config.shutdownTimeoutSeconds,
      },
      'shutting down',
    );
    const close = () => {
      const force = setTimeout(() => {
        app.log.error('requests still running at the shutdown timeout; exiting anyway');
        process.exit(1);
      }, config.shutdownTimeoutSeconds * 1000);
      force.unref();
      // A keep-alive connection whose request finishes during shutdown would otherwise stay
      // open, idle, and hold the close up to the timeout.
      const idle = setInterval(() => app.server.closeIdleConnections(), 100);
      idle.unref();
      app.close().then(
        () => process.exit(0),
        (error: unknown) => {
          app.log.error({ err: error }, 'shutdown failed');
          process.exit(1);
        },
      );
    };
    setTimeout(close, config.shutdownDrainSeconds * 1000);
  };
  process.once('SIGTERM', () => shutdown('SIGTERM'));
  process.once('SIGINT', () => shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  if (config.metrics.port)
    metricsServer = await listenForMetrics(app, config.metrics.port, config.host);
  readiness.ready = true;
  app.log.info(
    {
      url: config.publicUrl,
      database: database.kind,
      startupMs: Math.round(performance.now() - startedAt),
    },
    'Encore is ready',
  );
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    console.error(error.message);
  } else {
    console.error(error);
  }
  process.exit(1);
});
