/**
 * Every kind of job Encore runs after a request, with what it carries. A job names rows
 * by id and reads them when it runs, so a job that runs late (or twice) acts on what is
 * there then: each handler is safe to run again.
 */
export type Job =
  /** A new review reaches its author's followers' timelines. */
  | { kind: 'review-fan-out'; reviewId: string }
  /** A new review's "New review" notices to its author's followers (beside the fan-out). */
  | { kind: 'review-notices'; reviewId: string }
  /** A new follow brings the followed person's reviews into the follower's timeline. */
  | { kind: 'follow-timeline'; followerId: string; followingId: string }
  /** Stored files no row refers to any more (a deleted review's photos, a deleted account's). */
  | { kind: 'remove-files'; keys: string[] }
  /** An upload's files as served, made from the file as received (a photo re-encoded). */
  | { kind: 'process-media'; uploadId: string }
  /** A reset link for a local account, made and mailed when the job runs. */
  | { kind: 'password-reset-mail'; accountId: string }
  /** A "Verify your e-mail" link, made and mailed when the job runs. */
  | { kind: 'email-verification-mail'; userId: string }
  /** Finds the people due the daily digest this hour and adds a `digest-mail` each (hourly). */
  | { kind: 'daily-digests' }
  /** One person's daily digest of a local date, sent once (mail_sent). */
  | { kind: 'digest-mail'; userId: string; localDate: string }
  /** Makes the concert reminders due now, each person's once per show (every minute). */
  | { kind: 'concert-reminders' }
  /** One concert reminder's mail, sent once (mail_sent). */
  | { kind: 'concert-reminder-mail'; userId: string; concertId: string }
  /** Tells people of the shows whose tickets just went on sale, once per show (every minute). */
  | { kind: 'on-sale-alerts' }
  /** One on-sale notice's mail, sent once per person and show (mail_sent). */
  | { kind: 'on-sale-mail'; notificationId: string }
  /** One notice pushed to its person's devices, worded as it reads when the job runs. */
  | { kind: 'push-notice'; notificationId: string }
  /** A follow request pushed to the devices of the person asked, if still pending. */
  | { kind: 'push-follow-request'; requesterId: string; targetId: string }
  /** A show new to the catalogue: its artist's followers in its city are told (once each). */
  | { kind: 'show-alerts'; concertId: string }
  /**
   * Followed artists' upcoming shows looked up at Ticketmaster, the new ones imported:
   * everyone's most followed artists (scheduled), or one person's (their alerts changed).
   */
  | { kind: 'refresh-followed-shows'; userId?: string }
  /** Uploads nobody used in time (scheduled hourly). */
  | { kind: 'sweep-uploads' }
  /**
   * The league tables rebuilt from concert rows: after ratings change, hourly (the 12-month
   * window moves with the date). (At start-up, tables never built are built at once: plugin.ts.)
   */
  | { kind: 'refresh-league-tables' }
  /** The shows a setlist.fm user attended, read page by page into the importer's diary. */
  | { kind: 'import-setlistfm'; importId: string }
  /** A CSV file's checked rows (kept on the import) into the importer's diary. */
  | { kind: 'import-csv'; importId: string };

export type JobKind = Job['kind'];
export type JobOf<K extends JobKind> = Extract<Job, { kind: K }>;

export const JOB_KINDS = [
  'review-fan-out',
  'review-notices',
  'follow-timeline',
  'remove-files',
  'process-media',
  'password-reset-mail',
  'email-verification-mail',
  'daily-digests',
  'digest-mail',
  'concert-reminders',
  'concert-reminder-mail',
  'on-sale-alerts',
  'on-sale-mail',
  'push-notice',
  'push-follow-request',
  'show-alerts',
  'refresh-followed-shows',
  'sweep-uploads',
  'refresh-league-tables',
  'import-setlistfm',
  'import-csv',
] as const satisfies readonly JobKind[];

/**
 * Queues that are not pg-boss's "standard". "stately" holds at most one job waiting and one
 * running: a refresh asked for while one waits is dropped (the waiting one will see its
 * change), and one asked for while a refresh runs waits for it. "short" holds at most one
 * job waiting per row (its `coalescingKey`): a job asked for again while one for the same
 * row waits to start is dropped, as the waiting one reads the row when it runs; one asked
 * for while it runs is queued, so what changed meanwhile is seen.
 */
export const QUEUE_POLICIES: Partial<Record<JobKind, 'stately' | 'short'>> = {
  'refresh-league-tables': 'stately',
  // Two schedulers in the same minute queue one run (each person's mail is sent once anyway).
  'daily-digests': 'stately',
  // One run waiting at most: a run makes every reminder due when it runs.
  'concert-reminders': 'stately',
  // One run waiting at most: a run takes every sale opened when it runs.
  'on-sale-alerts': 'stately',
  // Follow, unfollow, follow again: one timeline fill per pair waiting, however often.
  'follow-timeline': 'short',
  // Alert settings saved again and again: one lookup per person waiting.
  'refresh-followed-shows': 'short',
  // A burst of likes on one unread notice: one push waiting, of the notice as it is then.
  'push-notice': 'short',
};

/**
 * The row a job of a "short" queue is about: of two jobs with the same key, only one waits.
 * The scheduled refresh of everyone's artists has none (so one of it waits, at most).
 */
export function coalescingKey(job: Job): string | undefined {
  switch (job.kind) {
    case 'follow-timeline':
      return `${job.followerId}:${job.followingId}`;
    case 'refresh-followed-shows':
      return job.userId;
    case 'push-notice':
      return job.notificationId;
    default:
      return undefined;
  }
}

/**
 * Jobs that may not run until a moment after they are added (a PostgreSQL interval). A
 * write whose refresh was dropped for the one waiting commits within that moment, so the
 * waiting refresh, when it runs, sees it; and writes of that moment share one refresh.
 */
export const JOB_START_AFTER: Partial<Record<JobKind, string>> = {
  'refresh-league-tables': '1 second',
};

/** Jobs that come on a timetable rather than from a write (cron, in UTC). */
export const SCHEDULED_JOBS: readonly { kind: JobKind; cron: string }[] = [
  { kind: 'sweep-uploads', cron: '17 * * * *' },
  { kind: 'refresh-league-tables', cron: '3 * * * *' },
  { kind: 'refresh-followed-shows', cron: '41 */6 * * *' },
  // On the hour: the digest of 08:00 local goes out then (at 08:30 in zones a half hour off UTC).
  { kind: 'daily-digests', cron: '0 * * * *' },
  // Every minute: a show marked "Going" hours before it starts is reminded of within a minute.
  { kind: 'concert-reminders', cron: '* * * * *' },
  // Every minute: a sale opening at 10:00 alerts by 10:01.
  { kind: 'on-sale-alerts', cron: '* * * * *' },
];
