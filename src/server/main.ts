/**
 * Starts Encore: read config, open and migrate the database, seed demo data into an
 * empty embedded database, listen, and shut down cleanly on SIGTERM/SIGINT.
 */
import { buildApp } from './app.ts';
import { changeFeedOf } from './changes/index.ts';
import { resolveSessionSecret } from './auth/session-secret.ts';
import { ConfigError, loadConfig } from './config.ts';
import { openDatabase } from './db/index.ts';
import { isDatabaseEmpty, seedDemoData } from './db/seed/seed-demo.ts';

async function main() {
  const startedAt = performance.now();
  const config = loadConfig();
  const database = await openDatabase(config);
  await database.migrate();

  const app = await buildApp({
    config,
    db: database.db,
    sessionSecret: await resolveSessionSecret(config.sessionSecret, config.dataDir),
    changeFeed: changeFeedOf(database),
  });
  app.addHook('onClose', async () => database.close());

  if (config.seedDemo && (await isDatabaseEmpty(database.db))) {
    const counts = await seedDemoData(database.db, { today: new Date() });
    app.log.info(counts, 'seeded demo data');
  }

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    app.close().then(
      () => process.exit(0),
      (error: unknown) => {
        app.log.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.once('SIGTERM', () => shutdown('SIGTERM'));
  process.once('SIGINT', () => shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
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
