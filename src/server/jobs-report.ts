/**
 * `npm run jobs`: the job queue at a glance (src/server/jobs/report.ts), read from
 * DATABASE_URL, or from the embedded database when no Encore process has it open.
 */
import path from 'node:path';
import { ConfigError, loadConfig } from './config.ts';
import { openDatabase } from './db/index.ts';
import { JobQueue } from './jobs/queue.ts';
import { formatJobReport, jobReport } from './jobs/report.ts';

async function encoreAnswersAt(url: string): Promise<boolean> {
  try {
    const response = await fetch(`${url}/healthz`, { signal: AbortSignal.timeout(1_000) });
    return response.ok;
  } catch {
    return false;
  }
}

async function main() {
  const config = loadConfig();
  if (!config.databaseUrl && (await encoreAnswersAt(`http://${config.host}:${config.port}`))) {
    throw new ConfigError(
      `Encore is running on the embedded database in ${path.resolve(config.dataDir)}, which one process owns: stop it to read its jobs, or run Encore on PostgreSQL (DATABASE_URL)`,
    );
  }
  const database = await openDatabase(config);
  try {
    await database.migrate();
    // Creates the queue's tables on a database that has never run a job; does no work.
    const queue = new JobQueue(database.db, config.jobs, console, { maintain: false });
    await queue.start();
    await queue.stop(1_000);
    process.stdout.write(`${formatJobReport(await jobReport(database.db))}\n`);
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
