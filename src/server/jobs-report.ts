/**
 * `npm run jobs`: the job queue at a glance (src/server/jobs/report.ts), read from
 * DATABASE_URL, or from the embedded database when no Encore process has it open.
 */
import { ConfigError, loadConfig } from './config.ts';
import { JobQueue } from './jobs/queue.ts';
import { formatJobReport, jobReport } from './jobs/report.ts';
import { withOperatorDatabase } from './operator-database.ts';

async function main() {
  const config = loadConfig();
  await withOperatorDatabase(config, 'jobs', async (database) => {
    // Creates the queue's tables on a database that has never run a job; does no work.
    const queue = new JobQueue(database.db, config.jobs, console, { maintain: false });
    await queue.start();
    await queue.stop(1_000);
    process.stdout.write(`${formatJobReport(await jobReport(database.db))}\n`);
  });
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
