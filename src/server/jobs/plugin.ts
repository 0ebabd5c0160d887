import type { RankingRule } from '#shared/ranking-rule';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { JobSettings, MailSettings, UploadLimits } from '../config.ts';
import type { Mailer } from '../mail/mailer.ts';
import type { PushSettings } from '../modules/push/index.ts';
import { buildLeagueTablesIfOutOfDate } from '../modules/rankings/index.ts';
import { importRunMs, jobHandlers } from './handlers.ts';
import { JobQueue } from './queue.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The durable job queue: writes add jobs through `writer`, workers run them. */
    jobs: JobQueue;
  }
}

export interface JobsPluginOptions {
  settings: JobSettings;
  mailer: Mailer;
  mail: MailSettings;
  publicUrl: string;
  uploads: UploadLimits;
  push: PushSettings;
  /** How long a running job may take to finish when the app closes. */
  stopTimeoutMs: number;
  rankingRule: RankingRule;
}

/**
 * The job queue of this app process. Unless JOB_WORKERS_IN_PROCESS=false, the process runs
 * jobs itself, from when it is ready; closing it lets running jobs finish first.
 */
export const jobsPlugin = fp(
  async (app: FastifyInstance, options: JobsPluginOptions) => {
    const { settings } = options;
    const queue = new JobQueue(app.db, settings, app.log, { maintain: settings.workersInProcess });
    app.decorate('jobs', queue);
    app.addHook('onReady', async () => {
      await queue.start();
      // A database with reviews but no league tables yet (the demo data just seeded, or one
      // that predates them), or tables ranked under another rule than this process's, gets
      // them before the first request rather than at the next hour.
      await buildLeagueTablesIfOutOfDate(app.db, app.writer, options.rankingRule);
      if (!settings.workersInProcess) return;
      await queue.work(
        jobHandlers({
          db: app.db,
          // Decorated by the changes plugin, which registers after this one.
          writer: app.writer,
          files: app.fileStore,
          mailer: options.mailer,
          mail: options.mail,
          log: app.log,
          publicUrl: options.publicUrl,
          uploads: options.uploads,
          push: options.push,
          fanOutBatch: settings.fanOutBatch,
          // Decorated by the providers plugin, registered before this one.
          ticketmaster: app.providers.ticketmaster,
          setlistfm: app.providers.setlistfm,
          importRunMs: importRunMs(settings),
          showRefreshArtists: settings.showRefreshArtists,
          concertReminderHours: settings.concertReminderHours,
          rankingRule: options.rankingRule,
        }),
      );
    });
    app.addHook('onClose', async () => queue.stop(options.stopTimeoutMs));
  },
  { name: 'jobs', dependencies: ['database', 'storage'] },
);
