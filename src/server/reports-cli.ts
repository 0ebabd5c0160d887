/**
 * `npm run reports`: the open reports of reviews, comments and profiles, and an operator's
 * decision on one (src/server/modules/reports/operator.ts), on DATABASE_URL, or on the
 * embedded database when no Encore process has it open.
 *
 *   npm run reports                          the open reports
 *   npm run reports -- dismiss <report id>   nothing to do
 *   npm run reports -- remove <report id>    delete the reported review or comment
 *   npm run reports -- resolve <report id>   dealt with some other way
 */
import { changeFeedOf, createWriter } from './changes/index.ts';
import { ConfigError, loadConfig } from './config.ts';
import { JobQueue } from './jobs/queue.ts';
import { withOperatorDatabase } from './operator-database.ts';
import {
  actOnReport,
  formatReportList,
  listOpenReports,
  REPORT_ACTIONS,
  ReportActionError,
  type ReportAction,
} from './modules/reports/index.ts';

const USAGE = `Usage: npm run reports [-- ${REPORT_ACTIONS.join('|')} <report id>]`;

function parseArguments(args: string[]): { action: ReportAction; reportId: string } | undefined {
  if (args.length === 0) return undefined;
  const [action, reportId, ...rest] = args;
  if (!REPORT_ACTIONS.includes(action as ReportAction) || !reportId || rest.length > 0) {
    throw new ConfigError(USAGE);
  }
  return { action: action as ReportAction, reportId };
}

const DONE: Record<ReportAction, string> = {
  dismiss: 'Dismissed',
  remove: 'Actioned',
  resolve: 'Actioned',
};

async function main() {
  const command = parseArguments(process.argv.slice(2));
  const config = loadConfig();
  await withOperatorDatabase(config, 'reports', async (database) => {
    if (!command) {
      process.stdout.write(`${formatReportList(await listOpenReports(database.db))}\n`);
      return;
    }
    // A removal's jobs (its files) go into the queue in its transaction; the app's or a
    // worker's workers run them. This process works none.
    const queue = new JobQueue(database.db, config.jobs, console, { maintain: false });
    await queue.start();
    try {
      const writer = createWriter({
        db: database.db,
        jobs: queue,
        feed: changeFeedOf(database),
        dropHere: () => {},
      });
      const outcome = await actOnReport(writer, command.reportId, command.action);
      const removed =
        command.action === 'remove'
          ? outcome.removed
            ? `; the ${outcome.targetKind} is deleted`
            : `; the ${outcome.targetKind} was already gone`
          : '';
      process.stdout.write(
        `${DONE[command.action]} ${outcome.settled} open ${outcome.settled === 1 ? 'report' : 'reports'} about ${outcome.targetKind} ${outcome.targetId}${removed}.\n`,
      );
    } finally {
      await queue.stop(1_000);
    }
  });
}

main().catch((error: unknown) => {
  const known = error instanceof ConfigError || error instanceof ReportActionError;
  console.error(known ? error.message : error);
  process.exit(1);
});
