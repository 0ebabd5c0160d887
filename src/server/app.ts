/**
 * buildApp(deps) assembles Encore as a Fastify plugin tree — external plugins, then app
 * plugins (database, sessions, sign-in), then the API modules, then the client — and
 * never listens, so tests drive it with inject() or listen on a port of their choosing.
 */
import { randomUUID } from 'node:crypto';
import zlib from 'node:zlib';
import compress, { type FastifyCompressOptions } from '@fastify/compress';
import rateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyInstance, type RouteOptions } from 'fastify';
import type pg from 'pg';
import type { HelmetOptions } from 'helmet';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { linkAccountToUser } from './auth/provider/accounts.ts';
import {
  registerEmbeddedProvider,
  embeddedClientSecret,
  EMBEDDED_CLIENT_ID,
  ISSUER_PATH,
} from './auth/provider/index.ts';
import { createRelyingParty, postLogoutRedirectUris } from './auth/relying-party.ts';
import { authRoutes } from './auth/routes.ts';
import { sessionCookieName, sessionsPlugin } from './auth/sessions.ts';
import { changesPlugin, type ChangeFeed } from './changes/index.ts';
import type { Config } from './config.ts';
import { sharedRateLimitStore } from './lib/shared-rate-limit.ts';
import { trustedProxies } from './lib/trusted-proxies.ts';
import { loggerOptions } from './logging.ts';
import { createMailer, type Mailer } from './mail/mailer.ts';
import type { Database, Listen } from './db/index.ts';
import { jobsPlugin } from './jobs/plugin.ts';
import { calendarRoutes } from './modules/calendar/routes.ts';
import { showAlertsRoutes } from './modules/show-alerts/routes.ts';
import { accountRoutes } from './modules/account/routes.ts';
import { emailRoutes } from './modules/email/routes.ts';
import { analyticsRoutes } from './modules/analytics/routes.ts';
import { rankingsRoutes } from './modules/rankings/routes.ts';
import { concertsRoutes } from './modules/concerts/routes.ts';
import { catalogueRoutes } from './modules/catalogue/routes.ts';
import { historicalRoutes } from './modules/historical/routes.ts';
import { notificationsRoutes } from './modules/notifications/routes.ts';
import { reviewsRoutes } from './modules/reviews/routes.ts';
import { mutesRoutes } from './modules/mutes/routes.ts';
import { livePlugin, liveRoutes } from './modules/live/index.ts';
import { pushRoutes } from './modules/push/index.ts';
import { searchRoutes } from './modules/search/index.ts';
import { reportsRoutes } from './modules/reports/routes.ts';
import { setlistsRoutes } from './modules/setlists/routes.ts';
import { pageHead } from './modules/link-previews/index.ts';
import { withPageMeta } from './modules/years/index.ts';
import { yearsRoutes } from './modules/years/routes.ts';
import { usersRoutes } from './modules/users/routes.ts';
import { mediaWhileProcessing } from './modules/uploads/index.ts';
import { uploadsRoutes } from './modules/uploads/routes.ts';
import { wishlistRoutes } from './modules/wishlist/routes.ts';
import { attendanceRoutes } from './modules/attendance/routes.ts';
import { diaryRoutes } from './modules/diary/routes.ts';
import { importsRoutes } from './modules/imports/routes.ts';
import { clientPlugin, isPageRequest, readClientBuild } from './plugins/client.ts';
import { databasePlugin } from './plugins/database.ts';
import { healthRoutes, type Readiness } from './plugins/health.ts';
import { errorHandlerPlugin, frameworkErrorHandler } from './plugins/error-handler.ts';
import { metricsPlugin } from './plugins/metrics.ts';
import { openApiPlugin } from './plugins/openapi.ts';
import { providersPlugin, type ProviderTuningOverrides } from './plugins/providers.ts';
import { noStoreUnlessSaid, responseCachePlugin } from './plugins/response-cache.ts';
import { sameOriginPlugin } from './plugins/same-origin.ts';
import {
  carriesSessionCookie,
  pagePreloads,
  pageRequest,
  withPreloads,
} from './plugins/page-preloads.ts';
import { securityHeadersPlugin } from './plugins/security-headers.ts';
import { serviceContextPlugin } from './plugins/service-context.ts';
import { clientBuildDir } from './paths.ts';
import { storagePlugin } from './storage/index.ts';

export interface AppDeps {
  config: Config;
  db: Database;
  sessionSecret: string;
  /** The built client to serve; defaults to dist/client when it exists. */
  clientDir?: string;
  /** Where mail goes; by default SMTP_URL, else files in DATA_DIR/outbox. */
  mailer?: Mailer;
  /** Provider timeouts, caches and pacing; tests shorten them. */
  providerTuning?: ProviderTuningOverrides;
  /** How instances sharing the database hear of each other's writes (PostgreSQL only). */
  changeFeed?: ChangeFeed | undefined;
  /** How this instance hears the database's NOTIFY (live updates of open pages). */
  listen?: Listen | undefined;
  /** Whether /readyz says ready; main.ts owns it. Ready by default (tests). */
  readiness?: Readiness;
  /** Where log lines go: stdout by default, a prettifier in a terminal, a capture in tests. */
  logStream?: NodeJS.WritableStream;
  /** The PostgreSQL pool behind `db`, whose use /metrics reports. */
  postgresPool?: pg.Pool | undefined;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route registered, with its schema, so a check can walk them all (see all-routes.test.ts). */
    registeredRoutes: readonly Pick<RouteOptions, 'method' | 'url' | 'schema' | 'config'>[];
  }
}

const JSON_BODY_LIMIT = 1024 * 1024;
const MAX_PATH_PARAM_LENGTH = 500;

/**
 * API answers are compressed unless they are small (a like's answer is not worth it);
 * Brotli at quality 4 costs about what gzip does per request, where its default of 11
 * would cost tens of milliseconds on a concert page. The client's files are compressed
 * once at build time and served as they are (plugins/client.ts).
 */
const API_COMPRESSION = {
  threshold: 1024,
  encodings: ['br', 'gzip'],
  brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } },
  // Requests stay as sent: nothing of the client compresses them, and inflating them
  // would let a small body grow past the limits checked on the wire.
  globalDecompression: false,
} satisfies FastifyCompressOptions;

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config } = deps;
  const app = Fastify({
    logger: loggerOptions({ level: config.logLevel, stream: deps.logStream }),
    genReqId: (request) => {
      const given = request.headers['x-request-id'];
      return typeof given === 'string' && /^[\w-]{1,64}$/.test(given) ? given : randomUUID();
    },
    bodyLimit: JSON_BODY_LIMIT,
    // Only the proxies named in TRUST_PROXY may say who the client is, so a client cannot
    // pick its own address (and slip the rate limits) by writing X-Forwarded-For itself.
    // Host and protocol never come from headers: the public origin is PUBLIC_URL.
    trustProxy: config.trustProxy ? trustedProxies(config.trustProxy) : false,
    // Longer than any path parameter the schemas accept, so those answer a 400 naming the field.
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: MAX_PATH_PARAM_LENGTH },
    frameworkErrors: frameworkErrorHandler,
    // Each start step must finish within this. The longest is building the league tables
    // of a large database that has none yet, which several processes starting together
    // wait on in turn; Fastify's own 10 s can be too short for that.
    pluginTimeout: config.startupTimeoutSeconds * 1000,
  }).withTypeProvider<ZodTypeProvider>();
  const registeredRoutes: Pick<RouteOptions, 'method' | 'url' | 'schema' | 'config'>[] = [];
  app.decorate('registeredRoutes', registeredRoutes);
  // The options themselves, not a copy: a route group's own onRoute hook, which runs after
  // this one, still marks them (auth/route-groups.ts).
  app.addHook('onRoute', (route) => {
    registeredRoutes.push(route);
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.addHook('onSend', (request, reply, payload, done) => {
    reply.header('x-request-id', request.id);
    done(null, payload);
  });

  const client = readClientBuild(deps.clientDir ?? clientBuildDir);

  await app.register(errorHandlerPlugin);
  await app.register(metricsPlugin, {
    db: deps.db,
    postgresPool: deps.postgresPool,
    token: config.metrics.token,
  });
  // Before sessions and everything else: a health check does no more than it must.
  await app.register(healthRoutes, {
    readiness: deps.readiness ?? { ready: true },
    db: deps.db,
  });
  await app.register(securityHeadersPlugin, {
    // The embedded provider writes its pages past Fastify's reply.
    rawPrefix: ISSUER_PATH,
    helmet: helmetOptions(config, client?.inlineScriptHashes ?? []),
  });
  await app.register(sameOriginPlugin, { publicUrl: config.publicUrl });
  await app.register(databasePlugin, { db: deps.db });
  await app.register(sessionsPlugin, {
    secret: deps.sessionSecret,
    secureCookies: config.publicUrl.startsWith('https:'),
    // Pages, assets and the sign-in provider never use Encore's session.
    readUnder: '/api/',
  });
  await app.register(openApiPlugin, { publicUrl: config.publicUrl });
  await app.register(providersPlugin, { config, tuning: deps.providerTuning });
  await app.register(responseCachePlugin, {
    ttlSeconds: config.responseCacheSeconds,
    wholeTagsTtlSeconds: config.responseCacheWholeTagsSeconds,
  });
  await app.register(storagePlugin, {
    dataDir: config.dataDir,
    settings: config.storage,
    whileMissing: mediaWhileProcessing(deps.db),
  });
  const mailer =
    deps.mailer ??
    createMailer({
      smtpUrl: config.mail.smtpUrl,
      from: config.mail.from,
      dataDir: config.dataDir,
      log: app.log,
    });
  await app.register(jobsPlugin, {
    settings: config.jobs,
    mailer,
    mail: config.mail,
    publicUrl: config.publicUrl,
    uploads: config.uploads,
    push: config.push,
    stopTimeoutMs: config.shutdownTimeoutSeconds * 1000,
    rankingRule: config.rankingRule,
  });
  await app.register(changesPlugin, { feed: deps.changeFeed });
  await app.register(livePlugin, { settings: config.live, listen: deps.listen });
  await app.register(serviceContextPlugin);

  const issuer = config.externalIssuer ?? {
    url: `${config.publicUrl}${ISSUER_PATH}`,
    clientId: EMBEDDED_CLIENT_ID,
    clientSecret: embeddedClientSecret(deps.sessionSecret),
  };
  if (!config.externalIssuer) {
    await registerEmbeddedProvider(app, {
      db: deps.db,
      publicUrl: config.publicUrl,
      sessionSecret: deps.sessionSecret,
      limits: config.signInLimits,
      writer: app.writer,
    });
  }
  const relyingParty = createRelyingParty({
    issuerUrl: issuer.url,
    clientId: issuer.clientId,
    clientSecret: issuer.clientSecret,
    redirectUri: `${config.publicUrl}/api/callback`,
    postLogoutRedirectUris: postLogoutRedirectUris(config.publicUrl),
  });

  await app.register(
    async (api) => {
      api.addHook('onSend', noStoreUnlessSaid);
      await api.register(compress, API_COMPRESSION);
      await api.register(rateLimit, {
        max: config.apiRateLimit,
        timeWindow: '1 minute',
        store: sharedRateLimitStore(deps.db),
        skipOnError: true,
      });
      await api.register(
        authRoutes(relyingParty, config.publicUrl, async (identity, userId) => {
          if (!config.externalIssuer && identity.issuer === issuer.url) {
            await linkAccountToUser(deps.db, identity.subject, userId);
          }
        }),
      );
      await api.register(usersRoutes, { limits: config.writes });
      await api.register(accountRoutes, { exportsPerHour: config.exportsPerUserPerHour });
      await api.register(emailRoutes, { verificationsPerHour: config.mail.verificationsPerHour });
      await api.register(analyticsRoutes, { rule: config.rankingRule });
      await api.register(rankingsRoutes, { rule: config.rankingRule });
      await api.register(notificationsRoutes);
      await api.register(concertsRoutes);
      await api.register(catalogueRoutes, { limits: config.writes });
      await api.register(reviewsRoutes, { commentLimits: config.comments, limits: config.writes });
      await api.register(historicalRoutes);
      await api.register(wishlistRoutes);
      await api.register(attendanceRoutes);
      await api.register(diaryRoutes);
      await api.register(importsRoutes, { limits: config.imports });
      await api.register(calendarRoutes, {
        publicUrl: config.publicUrl,
        reminderHours: config.jobs.concertReminderHours,
      });
      await api.register(showAlertsRoutes, { limits: config.writes });
      await api.register(uploadsRoutes, { limits: config.uploads });
      await api.register(mutesRoutes);
      await api.register(pushRoutes, { settings: config.push });
      await api.register(liveRoutes);
      await api.register(searchRoutes);
      await api.register(reportsRoutes, { reportsPerHour: config.reportsPerUserPerHour });
      await api.register(setlistsRoutes);
      await api.register(yearsRoutes, {
        rendersPerAddressPerHour: config.yearImageRendersPerAddressPerHour,
      });
    },
    { prefix: '/api' },
  );

  if (client) await app.register(clientPlugin, { build: client });

  const cookieName = sessionCookieName(config.publicUrl.startsWith('https:'));
  app.setNotFoundHandler(async (request, reply) => {
    if (client && isPageRequest(request.method, request.url, request.headers.accept)) {
      const head = await pageHead(request.ctx, config.publicUrl, request.url);
      const signedIn = carriesSessionCookie(request, cookieName);
      const links = signedIn ? await pagePreloads(pageRequest(request), client, deps.db) : '';
      return (
        reply
          .status(head.found ? 200 : 404)
          .type('text/html; charset=utf-8')
          // What the HTML names depends on the cookie: no shared cache may hand it to another.
          .header('cache-control', signedIn ? 'private, no-cache' : 'no-cache')
          .header('vary', 'cookie')
          .send(withPreloads(withPageMeta(client.indexHtml, head.meta), links))
      );
    }
    const pathOnly = request.url.split('?')[0]!;
    const shown = pathOnly.length > 200 ? `${pathOnly.slice(0, 200)}…` : pathOnly;
    return reply.status(404).send({ message: `Not found: ${request.method} ${shown}` });
  });

  return app;
}

/** The security headers of every response: what pages may load, and from where. */
function helmetOptions(config: Config, inlineScriptHashes: readonly string[]): HelmetOptions {
  return {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...inlineScriptHashes],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        mediaSrc: ["'self'", 'blob:'],
        connectSrc: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: config.publicUrl.startsWith('https:') ? [] : null,
      },
    },
    // Posters and photos may come from providers' CDNs.
    crossOriginEmbedderPolicy: false,
    // Same-origin form posts then carry a real Origin header (no-referrer makes it "null").
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    // HSTS pins https for a year: only meaningful, and only safe to send, when served over https.
    strictTransportSecurity: config.publicUrl.startsWith('https:')
      ? { maxAge: 365 * 24 * 60 * 60, includeSubDomains: true }
      : false,
  };
}
