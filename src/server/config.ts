/**
 * Every environment variable Encore reads, parsed once. A bad value stops start-up with
 * the variable's name, rather than failing later somewhere far away.
 */
import { z } from 'zod';
import { DEFAULT_RANKING_RULE, type RankingRule } from '#shared/ranking-rule';
import { IMPORT_CSV_MAX_ROWS } from '#shared/schemas/imports';
import type { SignInLimits } from './auth/provider/sign-in-limits.ts';
import type { S3Settings } from './storage/s3-file-store.ts';
import type { CallBudgetLimits } from './integrations/call-budget.ts';
import type { LiveSettings } from './modules/live/index.ts';
import type { PushSettings } from './modules/push/index.ts';

const optionalString = z
  .string()
  .trim()
  .transform((value) => (value === '' ? undefined : value))
  .optional();

const configSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().default('127.0.0.1'),
    PUBLIC_URL: optionalString.pipe(z.url().optional()),
    DATA_DIR: z.string().default('./data'),
    DATABASE_URL: optionalString,
    SESSION_SECRET: optionalString.pipe(z.string().min(32).optional()),
    OIDC_ISSUER_URL: optionalString.pipe(z.url().optional()),
    OIDC_CLIENT_ID: optionalString,
    OIDC_CLIENT_SECRET: optionalString,
    TICKETMASTER_API_KEY: optionalString,
    TICKETMASTER_BASE_URL: z.url().default('https://app.ticketmaster.com/discovery/v2'),
    TICKETMASTER_CALLS_PER_DAY: z.coerce.number().int().min(1).max(10_000_000).default(5000),
    TICKETMASTER_CALLS_RESERVED_FOR_REFRESH: z.coerce.number().int().min(0).default(500),
    TICKETMASTER_VISITOR_CALLS_PER_HOUR: z.coerce.number().int().min(1).optional(),
    PROVIDER_SEARCHES_PER_IP_PER_HOUR: z.coerce.number().int().min(1).default(120),
    SETLISTFM_API_KEY: optionalString,
    SETLISTFM_BASE_URL: z.url().default('https://api.setlist.fm/rest/1.0'),
    SEED_DEMO: z
      .enum(['0', '1', 'true', 'false'])
      .optional()
      .transform((value) => (value === undefined ? undefined : value === '1' || value === 'true')),
    RESPONSE_CACHE_SECONDS: z.coerce.number().int().min(0).max(3600).default(5),
    RESPONSE_CACHE_WHOLE_TAGS_SECONDS: z.coerce.number().int().min(0).max(86_400).default(300),
    API_RATE_LIMIT: z.coerce.number().int().min(1).default(1200),
    TRUST_PROXY: optionalString,
    SIGN_IN_ATTEMPTS_PER_ACCOUNT: z.coerce.number().int().min(1).default(5),
    SIGN_IN_ATTEMPTS_PER_ADDRESS: z.coerce.number().int().min(1).default(20),
    SIGNUPS_PER_IP_PER_HOUR: z.coerce.number().int().min(1).default(10),
    PASSWORD_RESETS_PER_IP_PER_HOUR: z.coerce.number().int().min(1).default(5),
    SIGN_IN_RATE_LIMIT: z.coerce.number().int().min(1).default(120),
    UPLOADS_PER_USER_PER_HOUR: z.coerce.number().int().min(1).default(60),
    UPLOAD_REQUEST_MAX_MB: z.coerce.number().int().min(1).max(1024).default(60),
    UPLOAD_MB_PER_USER_PER_DAY: z.coerce.number().int().min(1).max(1_000_000).default(1024),
    UNATTACHED_UPLOAD_MB_PER_USER: z.coerce.number().int().min(1).max(1_000_000).default(300),
    // Phones' 48 and 50 MP modes (8064×6048, 8160×6144) pass; decoding costs by the pixel.
    PHOTO_MAX_MEGAPIXELS: z.coerce.number().int().min(1).max(268).default(52),
    EXPORTS_PER_USER_PER_HOUR: z.coerce.number().int().min(1).default(10),
    IMPORTS_PER_USER_PER_DAY: z.coerce.number().int().min(1).default(20),
    IMPORT_CSV_MAX_MB: z.coerce.number().int().min(1).max(100).default(2),
    IMPORT_CSV_MAX_ROWS: z.coerce.number().int().min(1).max(100_000).default(IMPORT_CSV_MAX_ROWS),
    REPORTS_PER_USER_PER_HOUR: z.coerce.number().int().min(1).default(20),
    COMMENTS_PER_USER_PER_HOUR: z.coerce.number().int().min(1).default(60),
    COMMENTS_PER_REVIEW_PER_USER_PER_HOUR: z.coerce.number().int().min(1).default(10),
    FOLLOWS_PER_USER_PER_HOUR: z.coerce.number().int().min(1).default(1000),
    ALERT_SAVES_PER_USER_PER_HOUR: z.coerce.number().int().min(1).default(120),
    REVIEWS_PER_USER_PER_HOUR: z.coerce.number().int().min(1).default(100),
    YEAR_IMAGE_RENDERS_PER_IP_PER_HOUR: z.coerce.number().int().min(1).default(30),
    UNATTACHED_UPLOAD_HOURS: z.coerce
      .number()
      .min(0)
      .max(24 * 30)
      .default(24),
    S3_BUCKET: optionalString,
    S3_ENDPOINT: optionalString.pipe(z.url().optional()),
    S3_REGION: z.string().default('us-east-1'),
    S3_ACCESS_KEY_ID: optionalString,
    S3_SECRET_ACCESS_KEY: optionalString,
    S3_FORCE_PATH_STYLE: z
      .enum(['0', '1', 'true', 'false'])
      .default('false')
      .transform((value) => value === '1' || value === 'true'),
    MEDIA_PUBLIC_URL: optionalString.pipe(z.url().optional()),
    SMTP_URL: optionalString.pipe(z.url().optional()),
    STARTUP_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(600).default(60),
    SHUTDOWN_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(600).default(10),
    SHUTDOWN_DRAIN_SECONDS: z.coerce.number().min(0).max(60).default(0),
    MAIL_FROM: z.string().default('Encore <no-reply@encore.local>'),
    EMAIL_VERIFICATIONS_PER_HOUR: z.coerce.number().int().min(1).default(3),
    EMAIL_VERIFICATION_LINK_HOURS: z.coerce.number().int().min(1).max(720).default(48),
    UNSUBSCRIBE_LINK_DAYS: z.coerce.number().int().min(1).max(3650).default(180),
    DIGEST_HOUR: z.coerce.number().int().min(0).max(23).default(8),
    CONCERT_REMINDER_HOURS: z.coerce
      .number()
      .int()
      .min(1)
      .max(24 * 7)
      .default(24),
    VAPID_PUBLIC_KEY: optionalString,
    VAPID_PRIVATE_KEY: optionalString,
    VAPID_SUBJECT: optionalString.pipe(
      z
        .string()
        .regex(/^(mailto:|https:\/\/)/, 'VAPID_SUBJECT is a mailto: or https: URL')
        .optional(),
    ),
    PUSH_DEVICES_PER_USER: z.coerce.number().int().min(1).max(100).default(10),
    PUSH_ENDPOINT_ALLOWLIST: z
      .string()
      .default('')
      .transform((value, ctx) =>
        value
          .split(',')
          .map((item) => item.trim())
          .filter(Boolean)
          .map((item) => {
            try {
              return new URL(item).origin;
            } catch {
              ctx.addIssue({
                code: 'custom',
                message: `${item} is not an origin (http(s)://host:port)`,
              });
              return '';
            }
          }),
      ),
    PUSH_SEND_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(120).default(10),
    LIVE_STREAMS_PER_PERSON: z.coerce.number().int().min(1).max(100).default(6),
    LIVE_HEARTBEAT_SECONDS: z.coerce.number().min(0.05).max(50).default(25),
    QUIET_HOURS: z
      .string()
      .regex(/^\d{1,2}-\d{1,2}$/, 'QUIET_HOURS is two hours, e.g. 22-8')
      .default('22-8')
      .transform((value) => value.split('-').map(Number) as [number, number])
      .refine(([from, to]) => from <= 23 && to <= 23, 'QUIET_HOURS hours are 0 to 23'),
    JOB_WORKERS_IN_PROCESS: z
      .enum(['0', '1', 'true', 'false'])
      .default('true')
      .transform((value) => value === '1' || value === 'true'),
    JOB_CONCURRENCY: z.coerce.number().int().min(1).max(50).default(2),
    JOB_RETRY_LIMIT: z.coerce.number().int().min(0).max(50).default(5),
    JOB_RETRY_DELAY_SECONDS: z.coerce.number().int().min(1).max(3600).default(2),
    JOB_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(3600).default(120),
    JOB_POLL_SECONDS: z.coerce.number().min(0.5).max(60).default(2),
    JOB_MAINTENANCE_SECONDS: z.coerce.number().int().min(1).max(3600).default(30),
    RANKING_PRIOR_WEIGHT: z.coerce
      .number()
      .min(0)
      .max(10_000)
      .default(DEFAULT_RANKING_RULE.priorWeight),
    RANKING_MIN_REVIEWS: z.coerce
      .number()
      .int()
      .min(1)
      .max(10_000)
      .default(DEFAULT_RANKING_RULE.minReviews),
    SHOW_REFRESH_CRON: z
      .string()
      .regex(/^\S+( \S+){4}$/, 'must be a cron expression of five fields')
      .default('41 */6 * * *'),
    SHOW_REFRESH_ARTISTS: z.coerce.number().int().min(1).max(10_000).default(100),
    TIMELINE_FANOUT_BATCH: z.coerce.number().int().min(1).max(100_000).default(5_000),
    METRICS_TOKEN: optionalString.pipe(z.string().min(16).optional()),
    METRICS_PORT: z.coerce.number().int().min(1).max(65535).optional(),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).optional(),
  })
  .superRefine((env, ctx) => {
    const external = [env.OIDC_ISSUER_URL, env.OIDC_CLIENT_ID, env.OIDC_CLIENT_SECRET];
    if (external.some(Boolean) && !external.every(Boolean)) {
      ctx.addIssue({
        code: 'custom',
        path: ['OIDC_ISSUER_URL'],
        message: 'OIDC_ISSUER_URL, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET are set together',
      });
    }
    if (env.PUBLIC_URL?.startsWith('https:') && !env.TRUST_PROXY) {
      // Encore itself speaks plain http; https means a proxy terminates TLS, and only a
      // trusted proxy can tell it a request came over https (so Secure cookies are sent).
      ctx.addIssue({
        code: 'custom',
        path: ['TRUST_PROXY'],
        message:
          'PUBLIC_URL is https, so name the proxy that terminates TLS in TRUST_PROXY (e.g. loopback)',
      });
    }
    if (env.TICKETMASTER_CALLS_RESERVED_FOR_REFRESH > env.TICKETMASTER_CALLS_PER_DAY) {
      ctx.addIssue({
        code: 'custom',
        path: ['TICKETMASTER_CALLS_RESERVED_FOR_REFRESH'],
        message: 'must be at most TICKETMASTER_CALLS_PER_DAY',
      });
    }
    if (Boolean(env.VAPID_PUBLIC_KEY) !== Boolean(env.VAPID_PRIVATE_KEY)) {
      ctx.addIssue({
        code: 'custom',
        path: ['VAPID_PUBLIC_KEY'],
        message: 'VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY are set together',
      });
    }
    if (env.NODE_ENV === 'production' && !env.SESSION_SECRET) {
      ctx.addIssue({
        code: 'custom',
        path: ['SESSION_SECRET'],
        message: 'SESSION_SECRET (32+ characters) is required when NODE_ENV=production',
      });
    }
  });

export interface StorageSettings {
  /** An S3-compatible bucket (S3_BUCKET and the rest); the local disk when unset. */
  s3: S3Settings | undefined;
  /** Where served media is public (a CDN or the bucket), linked instead of /uploads/. */
  publicUrl: string | undefined;
}

export interface ExternalIssuer {
  url: string;
  clientId: string;
  clientSecret: string;
}

export interface Config {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  /** Origin the browser sees, without a trailing slash. */
  publicUrl: string;
  dataDir: string;
  /** Where uploaded media is kept: DATA_DIR (the default), or an S3-compatible bucket. */
  storage: StorageSettings;
  databaseUrl: string | undefined;
  sessionSecret: string | undefined;
  externalIssuer: ExternalIssuer | undefined;
  ticketmaster: { apiKey: string | undefined; baseUrl: string; budget: CallBudgetLimits };
  setlistfm: { apiKey: string | undefined; baseUrl: string };
  /**
   * Provider calls (Ticketmaster searches and lookups by id) one address may cause an hour;
   * past it, lists answer from the catalogue alone. Cached answers are not counted.
   */
  providerSearchesPerAddressPerHour: number;
  /** Demo data goes into an empty embedded database unless SEED_DEMO=0; into PostgreSQL only with SEED_DEMO=1. */
  seedDemo: boolean;
  /** How long public reads (concert lists, anonymous review pages) are served from memory; 0 is off. */
  responseCacheSeconds: number;
  /**
   * How long a cached page that every change through the app drops at once (a review's
   * comments) is served from memory: only an edit made behind the app's back waits this long.
   */
  responseCacheWholeTagsSeconds: number;
  /** Requests a minute per client address on /api; generous, it only stops floods. */
  apiRateLimit: number;
  /**
   * The proxies whose X-Forwarded-For is believed (addresses, CIDR ranges or `loopback`,
   * `linklocal`, `uniquelocal`, comma-separated); false trusts none.
   */
  trustProxy: string | false;
  signInLimits: SignInLimits;
  uploads: UploadLimits;
  /** Data exports (GET /api/users/me/export) one person may download an hour. */
  exportsPerUserPerHour: number;
  imports: ImportLimits;
  /** Reports (POST /api/reports) one person may send an hour, repeats included. */
  reportsPerUserPerHour: number;
  comments: CommentLimits;
  writes: WriteLimits;
  /** Year pictures one client address may have drawn an hour; pictures already drawn are not counted. */
  yearImageRendersPerAddressPerHour: number;
  /** How /rankings and Community Favorites rank (#shared/ranking-rule). */
  rankingRule: RankingRule;
  /** Where mail goes: an SMTP server, else files in DATA_DIR/outbox. */
  mail: MailSettings;
  /** How long each step of starting may take (the league tables' first build is the longest). */
  startupTimeoutSeconds: number;
  /** How long requests in flight may take to finish at shutdown. */
  shutdownTimeoutSeconds: number;
  /** How long a stopping process keeps serving with /readyz at 503, for a load balancer to notice. */
  shutdownDrainSeconds: number;
  jobs: JobSettings;
  /** Web push: the VAPID keys, devices a person may keep, which endpoints may be called. */
  push: PushSettings;
  live: LiveSettings;
  /** Who may read /metrics: the bearer token on the app's port, or anyone on a port of their own. */
  metrics: { token: string | undefined; port: number | undefined };
  logLevel: string;
}

/** The durable queue of work done after a request (src/server/jobs/). */
/** Mail: where it goes, and the limits of what Encore sends (docs/architecture.md, "Mail"). */
export interface MailSettings {
  smtpUrl: string | undefined;
  from: string;
  /** "Resend" of the verification link per person (EMAIL_VERIFICATIONS_PER_HOUR). */
  verificationsPerHour: number;
  verificationLinkHours: number;
  unsubscribeLinkDays: number;
  /** The local hour of the daily digest (DIGEST_HOUR). */
  digestHour: number;
  /** Local hours that hold non-urgent mail (QUIET_HOURS, from-to, e.g. 22-8). */
  quietHours: { from: number; to: number };
}

export interface JobSettings {
  /** Whether this app process runs jobs itself, beside any `npm run worker` processes. */
  workersInProcess: boolean;
  /** Jobs of each kind one process runs at once. */
  concurrency: number;
  /** Retries of a failing job before it is dead. */
  retryLimit: number;
  /** The first retry's delay; each next one doubles, with jitter. */
  retryDelaySeconds: number;
  /** A job still running after this long (its worker died or hangs) fails and is retried. */
  timeoutSeconds: number;
  /** How often an idle worker asks for jobs it was not woken for. */
  pollSeconds: number;
  /** How often timed-out jobs are failed and finished ones archived. */
  maintenanceSeconds: number;
  /** Followers a new review reaches per statement of its fan-out. */
  fanOutBatch: number;
  /** When followed artists' shows are looked up at Ticketmaster (cron, UTC). */
  showRefreshCron: string;
  /** How many followed artists (the most followed first) one refresh looks up. */
  showRefreshArtists: number;
  /** How long before a show its reminder comes, and the feed's alarm (CONCERT_REMINDER_HOURS). */
  concertReminderHours: number;
}

export interface UploadLimits {
  /** Upload requests a person may make in an hour (each up to 5 files). */
  requestsPerUserPerHour: number;
  /**
   * The most an upload request may carry in all; reading stops there and the answer is
   * 413. Each file has its own, smaller limit (#shared/limits).
   */
  maxRequestBytes: number;
  /** What one person may upload in a day (refused past it with 429 until the day is over). */
  bytesPerUserPerDay: number;
  /** What one person's uploads that no review shows yet may hold at once. */
  unattachedBytesPerUser: number;
  /** How long an upload no review shows is kept before the sweep removes it. */
  unattachedTtlMs: number;
  /** The most pixels a photo may have: more is refused from its header, before decoding. */
  maxPhotoPixels: number;
}

/** Imports into one's diary (POST /api/users/me/imports). */
export interface ImportLimits {
  /** Imports one person may start a day (previews of a file are not counted). */
  perUserPerDay: number;
  /** The most a CSV file's request may carry; reading stops there and the answer is 413. */
  maxCsvBytes: number;
  /** Rows a CSV file may hold, its header not counted. */
  maxCsvRows: number;
}

/** How many comments one person may write an hour: a flood, not a conversation, meets these. */
export interface CommentLimits {
  perUserPerHour: number;
  /** On any one review. */
  perReviewPerUserPerHour: number;
}

/**
 * Writes one person may make an hour that queue work or tell other processes (jobs, cache
 * drops): generous for people, a wall for a script looping on them.
 */
export interface WriteLimits {
  /** Follows and unfollows, of people and artists together. */
  followsPerUserPerHour: number;
  /** Saves of the new-show alert settings. */
  alertSavesPerUserPerHour: number;
  /** Reviews posted or deleted. */
  reviewsPerUserPerHour: number;
}

export class ConfigError extends Error {}

/** The address of a From header ("Encore <no-reply@encore.local>" → no-reply@encore.local). */
function mailAddress(from: string): string {
  const start = from.lastIndexOf('<');
  const end = from.lastIndexOf('>');
  return start >= 0 && end > start ? from.slice(start + 1, end) : from.trim();
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = configSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n  ${problems.join('\n  ')}`);
  }
  const e = parsed.data;
  // Trailing slashes, matched from the first of them only: never tried again from each one.
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/(?<!\/)\/+$/, '');
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    publicUrl,
    dataDir: e.DATA_DIR,
    storage: {
      s3: e.S3_BUCKET
        ? {
            bucket: e.S3_BUCKET,
            endpoint: e.S3_ENDPOINT,
            region: e.S3_REGION,
            accessKeyId: e.S3_ACCESS_KEY_ID,
            secretAccessKey: e.S3_SECRET_ACCESS_KEY,
            forcePathStyle: e.S3_FORCE_PATH_STYLE,
          }
        : undefined,
      publicUrl: e.MEDIA_PUBLIC_URL,
    },
    databaseUrl: e.DATABASE_URL,
    sessionSecret: e.SESSION_SECRET,
    externalIssuer:
      e.OIDC_ISSUER_URL && e.OIDC_CLIENT_ID && e.OIDC_CLIENT_SECRET
        ? { url: e.OIDC_ISSUER_URL, clientId: e.OIDC_CLIENT_ID, clientSecret: e.OIDC_CLIENT_SECRET }
        : undefined,
    ticketmaster: {
      apiKey: e.TICKETMASTER_API_KEY,
      baseUrl: e.TICKETMASTER_BASE_URL,
      budget: {
        callsPerDay: e.TICKETMASTER_CALLS_PER_DAY,
        reservedForRefresh: e.TICKETMASTER_CALLS_RESERVED_FOR_REFRESH,
        // By default an eighth of the visitors' share an hour: a burst spends at most that.
        visitorCallsPerHour:
          e.TICKETMASTER_VISITOR_CALLS_PER_HOUR ??
          Math.max(
            1,
            Math.ceil(
              (e.TICKETMASTER_CALLS_PER_DAY - e.TICKETMASTER_CALLS_RESERVED_FOR_REFRESH) / 8,
            ),
          ),
      },
    },
    setlistfm: { apiKey: e.SETLISTFM_API_KEY, baseUrl: e.SETLISTFM_BASE_URL },
    providerSearchesPerAddressPerHour: e.PROVIDER_SEARCHES_PER_IP_PER_HOUR,
    seedDemo: e.SEED_DEMO ?? !e.DATABASE_URL,
    responseCacheSeconds: e.RESPONSE_CACHE_SECONDS,
    responseCacheWholeTagsSeconds: e.RESPONSE_CACHE_WHOLE_TAGS_SECONDS,
    apiRateLimit: e.API_RATE_LIMIT,
    trustProxy: e.TRUST_PROXY ?? false,
    signInLimits: {
      attemptsPerAccountAndAddress: e.SIGN_IN_ATTEMPTS_PER_ACCOUNT,
      attemptsPerAddress: e.SIGN_IN_ATTEMPTS_PER_ADDRESS,
      signupsPerAddressPerHour: e.SIGNUPS_PER_IP_PER_HOUR,
      passwordResetsPerAddressPerHour: e.PASSWORD_RESETS_PER_IP_PER_HOUR,
      requestsPerMinute: e.SIGN_IN_RATE_LIMIT,
    },
    uploads: {
      requestsPerUserPerHour: e.UPLOADS_PER_USER_PER_HOUR,
      maxRequestBytes: e.UPLOAD_REQUEST_MAX_MB * 1024 * 1024,
      bytesPerUserPerDay: e.UPLOAD_MB_PER_USER_PER_DAY * 1024 * 1024,
      unattachedBytesPerUser: e.UNATTACHED_UPLOAD_MB_PER_USER * 1024 * 1024,
      unattachedTtlMs: e.UNATTACHED_UPLOAD_HOURS * 60 * 60 * 1000,
      maxPhotoPixels: e.PHOTO_MAX_MEGAPIXELS * 1_000_000,
    },
    exportsPerUserPerHour: e.EXPORTS_PER_USER_PER_HOUR,
    imports: {
      perUserPerDay: e.IMPORTS_PER_USER_PER_DAY,
      maxCsvBytes: e.IMPORT_CSV_MAX_MB * 1024 * 1024,
      maxCsvRows: e.IMPORT_CSV_MAX_ROWS,
    },
    reportsPerUserPerHour: e.REPORTS_PER_USER_PER_HOUR,
    comments: {
      perUserPerHour: e.COMMENTS_PER_USER_PER_HOUR,
      perReviewPerUserPerHour: e.COMMENTS_PER_REVIEW_PER_USER_PER_HOUR,
    },
    writes: {
      followsPerUserPerHour: e.FOLLOWS_PER_USER_PER_HOUR,
      alertSavesPerUserPerHour: e.ALERT_SAVES_PER_USER_PER_HOUR,
      reviewsPerUserPerHour: e.REVIEWS_PER_USER_PER_HOUR,
    },
    yearImageRendersPerAddressPerHour: e.YEAR_IMAGE_RENDERS_PER_IP_PER_HOUR,
    rankingRule: { priorWeight: e.RANKING_PRIOR_WEIGHT, minReviews: e.RANKING_MIN_REVIEWS },
    mail: {
      smtpUrl: e.SMTP_URL,
      from: e.MAIL_FROM,
      verificationsPerHour: e.EMAIL_VERIFICATIONS_PER_HOUR,
      verificationLinkHours: e.EMAIL_VERIFICATION_LINK_HOURS,
      unsubscribeLinkDays: e.UNSUBSCRIBE_LINK_DAYS,
      digestHour: e.DIGEST_HOUR,
      quietHours: { from: e.QUIET_HOURS[0], to: e.QUIET_HOURS[1] },
    },
    startupTimeoutSeconds: e.STARTUP_TIMEOUT_SECONDS,
    shutdownTimeoutSeconds: e.SHUTDOWN_TIMEOUT_SECONDS,
    shutdownDrainSeconds: e.SHUTDOWN_DRAIN_SECONDS,
    jobs: {
      workersInProcess: e.JOB_WORKERS_IN_PROCESS,
      concurrency: e.JOB_CONCURRENCY,
      retryLimit: e.JOB_RETRY_LIMIT,
      retryDelaySeconds: e.JOB_RETRY_DELAY_SECONDS,
      timeoutSeconds: e.JOB_TIMEOUT_SECONDS,
      pollSeconds: e.JOB_POLL_SECONDS,
      maintenanceSeconds: e.JOB_MAINTENANCE_SECONDS,
      fanOutBatch: e.TIMELINE_FANOUT_BATCH,
      showRefreshCron: e.SHOW_REFRESH_CRON,
      showRefreshArtists: e.SHOW_REFRESH_ARTISTS,
      concertReminderHours: e.CONCERT_REMINDER_HOURS,
    },
    push: {
      vapidKeys:
        e.VAPID_PUBLIC_KEY && e.VAPID_PRIVATE_KEY
          ? { publicKey: e.VAPID_PUBLIC_KEY, privateKey: e.VAPID_PRIVATE_KEY }
          : undefined,
      vapidSubject: e.VAPID_SUBJECT ?? `mailto:${mailAddress(e.MAIL_FROM)}`,
      devicesPerUser: e.PUSH_DEVICES_PER_USER,
      endpointAllowlist: e.PUSH_ENDPOINT_ALLOWLIST,
      sendTimeoutMs: e.PUSH_SEND_TIMEOUT_SECONDS * 1000,
    },
    live: {
      streamsPerPerson: e.LIVE_STREAMS_PER_PERSON,
      heartbeatMs: e.LIVE_HEARTBEAT_SECONDS * 1000,
    },
    metrics: { token: e.METRICS_TOKEN, port: e.METRICS_PORT },
    logLevel: e.LOG_LEVEL ?? (e.NODE_ENV === 'test' ? 'silent' : 'info'),
  };
}
