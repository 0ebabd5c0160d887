/**
 * What an operator watches, in the Prometheus text format: requests by route template,
 * status and latency; the response cache's hits and misses; year pictures drawn; the
 * PostgreSQL pool; the job queue's depth, age and dead jobs; and prom-client's process
 * metrics (event-loop lag, heap, CPU). Each app has its own registry, so several apps in one process (tests) do not
 * collide.
 *
 * Metrics are not public. `/metrics` on the app's port answers 404 unless METRICS_TOKEN is
 * set, and then only to `Authorization: Bearer <token>`; METRICS_PORT serves them without
 * a token on a port of their own (main.ts), which is for a private network only.
 */
import { timingSafeEqual } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type pg from 'pg';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { Database } from '../db/index.ts';
import { jobReport } from '../jobs/report.ts';

/** Where a response-cache lookup was answered from. */
export type CacheLookup = 'hit' | 'stale' | 'joined' | 'miss';

export interface Metrics {
  registry: Registry;
  /** Counts one response-cache lookup. */
  cacheLookup(result: CacheLookup): void;
  /** Counts one year picture drawn (not one served as kept). */
  yearImageRendered(): void;
}

declare module 'fastify' {
  interface FastifyInstance {
    metrics: Metrics;
    /** The metrics as a scrape reads them (the METRICS_PORT server serves this). */
    scrapeMetrics(): Promise<string>;
  }
}

export interface MetricsPluginOptions {
  db: Database;
  /** The PostgreSQL pool, whose use is reported; the embedded database has none. */
  postgresPool?: pg.Pool | undefined;
  /** Unset, /metrics on the app's port answers 404. */
  token?: string | undefined;
}

/** Seconds; from a cached read (sub-millisecond) to a slow upload. */
const LATENCY_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

export const metricsPlugin = fp(
  async (app: FastifyInstance, options: MetricsPluginOptions) => {
    const registry = new Registry();
    collectDefaultMetrics({ register: registry });

    const requestDuration = new Histogram({
      name: 'http_request_duration_seconds',
      help: 'Time from a request arriving to its answer being sent, by route template',
      labelNames: ['method', 'route', 'status_code'] as const,
      buckets: LATENCY_BUCKETS,
      registers: [registry],
    });
    app.addHook('onResponse', (request, reply, done) => {
      // The template (/api/concerts/:id), never the path, so ids do not multiply series.
      const route = request.routeOptions.url ?? 'unmatched';
      if (route !== '/metrics') {
        requestDuration.observe(
          { method: request.method, route, status_code: String(reply.statusCode) },
          reply.elapsedTime / 1000,
        );
      }
      done();
    });

    const cacheRequests = new Counter({
      name: 'encore_cache_requests_total',
      help: 'Response-cache lookups by where they were answered from (hit, stale, joined a read in flight, miss)',
      labelNames: ['result'] as const,
      registers: [registry],
    });

    const yearImageRenders = new Counter({
      name: 'encore_year_image_renders_total',
      help: 'Year-in-review pictures drawn; a picture served as kept is not counted',
      registers: [registry],
    });

    const { postgresPool: pool } = options;
    if (pool) {
      const poolGauge = (name: string, help: string, read: (p: pg.Pool) => number) =>
        new Gauge({
          name,
          help,
          registers: [registry],
          collect() {
            this.set(read(pool));
          },
        });
      poolGauge('encore_db_pool_connections', 'Connections the pool holds', (p) => p.totalCount);
      poolGauge('encore_db_pool_idle', 'Connections of the pool not in use', (p) => p.idleCount);
      poolGauge(
        'encore_db_pool_in_use',
        'Connections of the pool in use',
        (p) => p.totalCount - p.idleCount,
      );
      poolGauge(
        'encore_db_pool_waiting',
        'Queries waiting for a connection',
        (p) => p.waitingCount,
      );
    }

    const jobLabels = ['kind', 'state'] as const;
    const jobs = new Gauge({
      name: 'encore_jobs',
      help: 'Jobs in the queue by kind and state (queued, running, retrying, dead)',
      labelNames: jobLabels,
      registers: [registry],
    });
    const oldestJob = new Gauge({
      name: 'encore_jobs_oldest_age_seconds',
      help: 'Age of the oldest job in each kind and state',
      labelNames: jobLabels,
      registers: [registry],
    });
    const readJobs = async () => {
      const report = await jobReport(options.db, 0);
      jobs.reset();
      oldestJob.reset();
      for (const { kind, counts, oldestSeconds } of report.kinds) {
        for (const [state, count] of Object.entries(counts)) {
          jobs.set({ kind, state }, count);
          oldestJob.set({ kind, state }, oldestSeconds[state as keyof typeof counts] ?? 0);
        }
      }
    };

    const metrics: Metrics = {
      registry,
      cacheLookup: (result) => cacheRequests.inc({ result }),
      yearImageRendered: () => yearImageRenders.inc(),
    };
    app.decorate('metrics', metrics);

    /** The text a scrape gets; the queue is read then, once, not on every request. */
    const scrape = async () => {
      try {
        await readJobs();
      } catch (error) {
        // The process's own figures still help while the database is away.
        app.log.warn({ err: error }, 'reading the job queue for metrics failed');
      }
      return registry.metrics();
    };
    app.decorate('scrapeMetrics', scrape);

    const expected = options.token ? Buffer.from(`Bearer ${options.token}`) : undefined;
    app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
      reply.header('cache-control', 'no-store');
      if (!expected) return reply.status(404).send({ message: 'Not found' });
      const given = Buffer.from(request.headers.authorization ?? '');
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
        return reply
          .status(401)
          .header('www-authenticate', 'Bearer realm="metrics"')
          .send({ message: 'Metrics need the bearer token set in METRICS_TOKEN' });
      }
      return reply.type(registry.contentType).send(await scrape());
    });
  },
  { name: 'metrics' },
);

/**
 * Serves the app's metrics, without a token, on a port of their own: only /metrics, GET,
 * nothing else of the app.
 */
export async function listenForMetrics(
  app: FastifyInstance,
  port: number,
  host: string,
): Promise<Server> {
  const server = createServer((request, response) => {
    if (request.method !== 'GET' || request.url?.split('?')[0] !== '/metrics') {
      response
        .writeHead(404, { 'content-type': 'application/json' })
        .end('{"message":"Not found"}');
      return;
    }
    app.scrapeMetrics().then(
      (text) =>
        response.writeHead(200, { 'content-type': app.metrics.registry.contentType }).end(text),
      () => response.writeHead(500).end(),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, resolve);
  });
  return server;
}
