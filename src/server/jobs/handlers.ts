/**
 * What each kind of job does: a few lines each, the work itself lives with its module.
 * Every handler may run more than once for one job (a retry after a crash): each acts on
 * what the database holds when it runs and adds only what is missing.
 */
import type { RankingRule } from '#shared/ranking-rule';
import type { Writer } from '../changes/index.ts';
import type { JobSettings, MailSettings, UploadLimits } from '../config.ts';
import type { Database } from '../db/index.ts';
import type { Mailer } from '../mail/mailer.ts';
import { mailPasswordResetLink } from '../auth/provider/password-reset.ts';
import {
  fanOutReview,
  pullFollowedReviews,
  tellFollowersOfReview,
} from '../modules/reviews/index.ts';
import { refreshLeagueTables } from '../modules/rankings/index.ts';
import { importFollowedArtistsShows } from '../modules/concerts/index.ts';
import { alertNewShow } from '../modules/show-alerts/index.ts';
import {
  mailEmailVerification,
  queueDailyDigests,
  sendDailyDigest,
} from '../modules/email/index.ts';
import { runCsvImport, runSetlistfmImport } from '../modules/imports/index.ts';
import { remindOfUpcomingShows, sendConcertReminder } from '../modules/reminders/index.ts';
import { alertSalesOpened, sendOnSaleMail } from '../modules/on-sale/index.ts';
import { pushFollowRequest, pushNotice, type PushSettings } from '../modules/push/index.ts';
import { processMedia, sweepUnusedUploads } from '../modules/uploads/index.ts';
import type { SetlistFmClient } from '../integrations/setlistfm.ts';
import type { TicketmasterClient } from '../integrations/ticketmaster.ts';
import type { FileStore } from '../storage/index.ts';
import type { JobHandlers, JobLog } from './queue.ts';

/** What jobs work with, in the app process or a worker process alike. */
export interface JobContext {
  db: Database;
  /** For jobs whose work changes what readers see: the same writer as a request's. */
  writer: Writer;
  files: FileStore;
  mailer: Mailer;
  /** What mail may be sent when: links' lifetimes, the digest's hour, quiet hours. */
  mail: MailSettings;
  log: JobLog;
  publicUrl: string;
  uploads: UploadLimits;
  /** Web push: VAPID keys, devices per person, endpoints allowed, send timeout. */
  push: PushSettings;
  /** Followers a new review reaches per statement of its fan-out and of its notices. */
  fanOutBatch: number;
  /** Where followed artists' new shows are looked up; null when Ticketmaster is off. */
  ticketmaster: TicketmasterClient | null;
  /** Where diary imports read the shows a user attended; null when setlist.fm is off. */
  setlistfm: SetlistFmClient | null;
  /** How long one run of an import job goes on before it hands the rest to a new job. */
  importRunMs: number;
  /** Followed artists one refresh looks up. */
  showRefreshArtists: number;
  /** How long before a show its reminder comes (CONCERT_REMINDER_HOURS). */
  concertReminderHours: number;
  /** How the league tables rank (RANKING_PRIOR_WEIGHT, RANKING_MIN_REVIEWS). */
  rankingRule: RankingRule;
}

/**
 * How long one run of an import job goes on before it hands the rest to a new job: half the
 * queue's timeout, so a long import is never taken for a dead one.
 */
export function importRunMs(settings: Pick<JobSettings, 'timeoutSeconds'>): number {
  return (settings.timeoutSeconds * 1000) / 2;
}

export function jobHandlers(ctx: JobContext): JobHandlers {
  return {
    'review-fan-out': async ({ reviewId }) => {
      await fanOutReview(ctx.db, reviewId, ctx.fanOutBatch);
    },
    'review-notices': async ({ reviewId }) => {
      await tellFollowersOfReview(ctx.writer, reviewId, ctx.fanOutBatch);
    },
    'follow-timeline': (follow) => pullFollowedReviews(ctx.db, follow),
    'remove-files': ({ keys }) => ctx.files.remove(keys),
    'process-media': ({ uploadId }, run) => processMedia(ctx, uploadId, run),
    'password-reset-mail': ({ accountId }) =>
      mailPasswordResetLink(
        { db: ctx.db, mailer: ctx.mailer, publicUrl: ctx.publicUrl },
        accountId,
      ),
    'email-verification-mail': ({ userId }) => mailEmailVerification(ctx, userId),
    'daily-digests': async () => {
      const queued = await queueDailyDigests(ctx);
      if (queued > 0) ctx.log.info({ queued }, 'queued daily digests');
    },
    'digest-mail': async ({ userId, localDate }) => {
      await sendDailyDigest(ctx, userId, localDate);
    },
    'concert-reminders': async () => {
      const made = await remindOfUpcomingShows(ctx);
      if (made > 0) ctx.log.info({ made }, 'made concert reminders');
    },
    'concert-reminder-mail': async ({ userId, concertId }) => {
      await sendConcertReminder(ctx, userId, concertId);
    },
    'on-sale-alerts': async () => {
      const told = await alertSalesOpened(ctx);
      if (told > 0) ctx.log.info({ told }, 'told people of tickets on sale');
    },
    'on-sale-mail': async ({ notificationId }) => {
      await sendOnSaleMail(ctx, notificationId);
    },
    'push-notice': async ({ notificationId }) => {
      await pushNotice(
        { db: ctx.db, push: ctx.push, quietHours: ctx.mail.quietHours, log: ctx.log },
        notificationId,
      );
    },
    'push-follow-request': async (request) => {
      await pushFollowRequest(
        { db: ctx.db, push: ctx.push, quietHours: ctx.mail.quietHours, log: ctx.log },
        request,
      );
    },
    'show-alerts': async ({ concertId }) => {
      await alertNewShow(ctx, concertId);
    },
    'refresh-followed-shows': async ({ userId }) => {
      const imported = await importFollowedArtistsShows(ctx, {
        artists: ctx.showRefreshArtists,
        userId,
      });
      if (imported > 0) ctx.log.info({ imported }, 'imported new shows of followed artists');
    },
    'sweep-uploads': async () => {
      const removed = await sweepUnusedUploads(ctx, ctx.uploads);
      if (removed > 0) ctx.log.info({ removed }, 'swept unused uploads');
    },
    'refresh-league-tables': async () => {
      await refreshLeagueTables(ctx.writer, ctx.rankingRule);
    },
    'import-setlistfm': ({ importId }, run) => runSetlistfmImport(ctx, importId, run),
    'import-csv': ({ importId }, run) => runCsvImport(ctx, importId, run),
  };
}
