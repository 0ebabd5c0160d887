/**
 * Load benchmark of the concert endpoints against the scale data (npm run bench:data).
 *
 *   npm run build && npm run bench:load
 *
 * Starts the built server (dist/server/main.js) twice on free ports in 4400-4499 against
 * BENCH_DATABASE_URL, with its response cache (as deployed) and without (what a miss
 * costs), plus reference servers (bench/ceiling-server.ts), and drives each
 * scenario with autocannon: 50 connections, a short warm-up, then BENCH_DURATION seconds
 * (default 10). Prints req/s, p50/p99 latency, non-2xx and errors per scenario, PASS/FAIL
 * against the targets, and writes bench/results/<timestamp>.json. Exits 0 whatever the
 * figures: it is a measurement, not a test.
 *
 * The app limits /api to 1200 requests a minute per client address. The server runs with
 * an https PUBLIC_URL and TRUST_PROXY=loopback (as behind a TLS proxy) and each request
 * carries an X-Forwarded-For address from a pool of 4096, so the limiter stays in the
 * measured path but the run is many clients, not one flooding client.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase } from '../src/server/db/index.ts';
import { benchDatabaseUrl, FILTERED_QUERY, RANKINGS_QUERY } from './bench-config.ts';
import {
  CACHED_READ_TARGET,
  clientAddress,
  judgeResults,
  rawGet,
  reportRun,
  requireBuiltServer,
  runMain,
  runOnBenchServers,
  runSettings,
  SERVER_RSS_TARGET_MB,
  UNCACHED_READ_TARGET,
  withSameBytesCeiling,
  type Scenario,
  type Target,
} from './harness.ts';
import { benchQueries, catalogueBenchQueries, type BenchQuery } from './queries.ts';

const REVIEW_CONCERTS = 500;
/**
 * Artists and venues whose pages f1-f2 / k1-k2 read in turn: few enough that every page
 * stays in the response cache beside the other scenarios' bodies.
 */
const CATALOGUE_PAGES = 100;
/**
 * How the app sends the statements of a, b, c, g (benchQueries' order): the date-only list
 * and review pages as named prepared statements, the search unnamed (its plan depends on
 * the values), the league table named (a range of one rank index). A cache miss is held
 * to the ceiling that sends them the same way.
 */
const APP_PREPARES = [true, false, true, true];

/**
 * The league table, artist and venue pages missed by the cache read aggregates kept by
 * their rebuild: held to their own bar, a share of the bare-pg ceiling and a p99 at half
 * load (at saturation, 50 connections queue on 2 cores whatever a read costs).
 */
const CATALOGUE_MISS_TARGET: Target = { shareOfCeiling: 0.6, halfLoadP99Ms: 60 };

function targetsText(queries: number): string {
  const ceilings = APP_PREPARES.map((prepared, i) => sqlCeilingKey(i, prepared, queries));
  return (
    `targets: a, b, c, g >= ${CACHED_READ_TARGET.requestsPerSecond} req/s, p99 <= ${CACHED_READ_TARGET.p99Ms} ms ` +
    `and >= ${CACHED_READ_TARGET.shareOfCeiling! * 100} % of their same-bytes ceiling (a-bytes, b-bytes, c-bytes, g-bytes);\n` +
    `  e1-e3 >= ${UNCACHED_READ_TARGET.shareOfCeiling! * 100} % (e4 >= ${CATALOGUE_MISS_TARGET.shareOfCeiling! * 100} %) ` +
    `of the bare-pg ceiling of their statements, sent as the app ` +
    `sends them (${ceilings.join(', ')}); none with a bad status or errors. a304: reference.\n` +
    `  f1, f2 (artist, venue pages) as a-c; k1, k2 (the same, response cache off) >= ${CATALOGUE_MISS_TARGET.shareOfCeiling! * 100} % of h1, h2;\n` +
    `  e4, k1, k2 p99 <= ${CATALOGUE_MISS_TARGET.halfLoadP99Ms} ms at half load.\n` +
    `  The app servers' resident memory <= ${SERVER_RSS_TARGET_MB} MB through the whole run.`
  );
}

/** The bare-pg ceiling scenario of query `i`, sent unnamed (d2-d4) or named (d5-d7). */
function sqlCeilingKey(i: number, prepared: boolean, queries: number): string {
  return `d${i + 2 + (prepared ? queries : 0)}`;
}

/**
 * The ETag the app answers for `path`, read as the load's requests are sent; undefined
 * when it sends none.
 */
async function etagOf(baseUrl: string, path: string): Promise<string | undefined> {
  const response = await rawGet(baseUrl + path, { 'x-forwarded-for': clientAddress(0) });
  const etag = response.headers.etag;
  return response.status === 200 && etag ? etag : undefined;
}

/**
 * a304: `read` again by a client that holds its response, sending the ETag it got as
 * If-None-Match; every answer should be 304 Not Modified, with no body. Skipped when the
 * app sends no ETag. Reference only.
 */
function conditionalRead(read: Scenario): Scenario {
  const path = read.paths[0]!;
  let etag: string | undefined;
  return {
    key: `${read.key}304`,
    title: `GET ${path} with If-None-Match: the ETag it answered (304 expected)`,
    baseUrl: read.baseUrl,
    paths: [path],
    expectStatus: 304,
    // Read just before the run: the ETag the cached response carries now.
    before: async () => {
      etag = await etagOf(read.baseUrl, path);
      return etag === undefined ? `no ETag on GET ${path}` : undefined;
    },
    request: () => ({ path, headers: { 'if-none-match': etag ?? '' } }),
    serverPid: read.serverPid,
  };
}

async function main(): Promise<void> {
  requireBuiltServer();
  const databaseUrl = benchDatabaseUrl();

  // What the data offers: concerts with reviews, and table sizes for the record.
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  let reviewConcerts: { id: string; reviews: number }[];
  let tableRows: Record<string, number>;
  let artistIds: string[];
  let venueIds: string[];
  try {
    // Artists and venues that have shows, in an order unrelated to how busy they are.
    const owners = async (column: 'artist_id' | 'venue_id') =>
      (
        await client.query<{ id: string }>(
          `SELECT id FROM (SELECT DISTINCT ${column} AS id FROM concerts) o ORDER BY md5(id::text) LIMIT $1`,
          [CATALOGUE_PAGES],
        )
      ).rows.map((row) => row.id);
    artistIds = await owners('artist_id');
    venueIds = await owners('venue_id');
    const concerts = await client.query<{ id: string }>(
      `SELECT c.id FROM concerts c
        WHERE c.date < current_date
          AND EXISTS (SELECT 1 FROM reviews r WHERE r.concert_id = c.id)
        ORDER BY md5(c.id) LIMIT $1`,
      [REVIEW_CONCERTS],
    );
    const counts = await client.query<{ concert_id: string; n: number }>(
      `SELECT concert_id, count(*)::int AS n FROM reviews WHERE concert_id = ANY($1) GROUP BY concert_id`,
      [concerts.rows.map((r) => r.id)],
    );
    const byId = new Map(counts.rows.map((r) => [r.concert_id, r.n]));
    reviewConcerts = concerts.rows.map((r) => ({ id: r.id, reviews: byId.get(r.id) ?? 0 }));
    const sizes = await client.query<{ relname: string; n: string }>(
      `SELECT relname, reltuples::bigint AS n FROM pg_class
        WHERE relname IN ('users', 'concerts', 'reviews', 'review_likes', 'review_comments')`,
    );
    tableRows = Object.fromEntries(sizes.rows.map((r) => [r.relname, Number(r.n)]));
  } finally {
    await client.end();
  }
  if (reviewConcerts.length === 0) {
    console.error('The bench database has no reviewed concerts: run `npm run bench:data` first.');
    process.exit(1);
  }
  const firstConcert = reviewConcerts[0]!.id;
  const meanReviews =
    reviewConcerts.reduce((sum, c) => sum + c.reviews, 0) / Math.max(1, reviewConcerts.length);

  // The app's SQL for the bare-pg ceiling.
  const handle = await openDatabase({ databaseUrl, dataDir: 'data/bench-unused' });
  let queries: BenchQuery[];
  let catalogueQueries: BenchQuery[];
  try {
    queries = benchQueries(handle.db, { concertId: firstConcert });
    catalogueQueries = catalogueBenchQueries(handle.db, {
      artistId: artistIds[0]!,
      venueId: venueIds[0]!,
    });
  } finally {
    await handle.close();
  }
  const queryCount = queries.length;

  const started = new Date();
  const { results, serverRss, machineBefore } = await runOnBenchServers({
    databaseUrl,
    sessionSecret: randomBytes(32).toString('hex'),
    ceilingQueries: [...queries, ...catalogueQueries],
    readyPath: '/api/concerts?limit=1',
    scenarios: (servers) => {
      const { app, appUrl, uncached, uncachedUrl, ceiling, sqlUrl, fastifyUrl } = servers;
      const filter = new URLSearchParams(FILTERED_QUERY).toString();
      const rankings = new URLSearchParams(RANKINGS_QUERY).toString();
      const reviewPaths = reviewConcerts.map(
        (c) => `/api/concerts/${encodeURIComponent(c.id)}/reviews`,
      );
      const appScenarios = [
        { key: 'a', title: 'GET /api/concerts (unfiltered, first page)', paths: ['/api/concerts'] },
        { key: 'b', title: `GET /api/concerts?${filter}`, paths: [`/api/concerts?${filter}`] },
        {
          key: 'c',
          title: `GET /api/concerts/{id}/reviews over ${reviewConcerts.length} reviewed concerts (mean ${meanReviews.toFixed(1)} reviews each)`,
          paths: reviewPaths,
        },
        {
          key: 'g',
          title: `GET /api/rankings?${rankings} (the largest league table)`,
          paths: [`/api/rankings?${rankings}`],
        },
      ];
      const [a, b, c, g] = appScenarios.map((s): Scenario => ({
        ...s,
        target: CACHED_READ_TARGET,
        baseUrl: appUrl,
        serverPid: app.pid,
      })) as [Scenario, Scenario, Scenario, Scenario];
      // Artist and venue pages, anonymous: each over CATALOGUE_PAGES ids in turn.
      const catalogueReads = [
        { what: 'artists', ids: artistIds },
        { what: 'venues', ids: venueIds },
      ].map(({ what, ids }, i) => ({
        title: `GET /api/${what}/{id} over ${ids.length} ${what}`,
        paths: ids.map((id) => `/api/${what}/${id}`),
        ceilingPaths: ids.map((id) => `/sql/${catalogueQueries[i]!.name}?id=${id}`),
      }));
      return [
        // Each cached read, then Fastify sending the same bytes, on the same machine state.
        ...withSameBytesCeiling(a, servers),
        conditionalRead(a),
        ...withSameBytesCeiling(b, servers),
        ...withSameBytesCeiling(c, servers),
        ...withSameBytesCeiling(g, servers),
        // e1-e4: a, b, c, g with the response cache off.
        ...appScenarios.map((s, i) => ({
          ...s,
          key: `e${i + 1}`,
          title: `${s.title}, response cache off`,
          target: s.key === 'g' ? CATALOGUE_MISS_TARGET : UNCACHED_READ_TARGET,
          ceiling: sqlCeilingKey(i, APP_PREPARES[i]!, queries.length),
          baseUrl: uncachedUrl,
          serverPid: uncached.pid,
        })),
        // f1-f2 cached, k1-k2 uncached, h1-h2 their statements on bare pg.
        ...catalogueReads.flatMap(({ title, paths }, i) =>
          withSameBytesCeiling(
            {
              key: `f${i + 1}`,
              title,
              paths,
              target: CACHED_READ_TARGET,
              baseUrl: appUrl,
              serverPid: app.pid,
            },
            servers,
          ),
        ),
        ...catalogueReads.map(({ title, paths }, i) => ({
          key: `k${i + 1}`,
          title: `${title}, response cache off`,
          paths,
          target: CATALOGUE_MISS_TARGET,
          ceiling: `h${i + 1}`,
          baseUrl: uncachedUrl,
          serverPid: uncached.pid,
        })),
        ...catalogueReads.map(({ ceilingPaths }, i) => ({
          key: `h${i + 1}`,
          title: `ceiling: bare pg + node:http, the SQL of ${catalogueQueries[i]!.description}`,
          baseUrl: sqlUrl,
          paths: ceilingPaths,
          serverPid: ceiling.pid,
        })),
        {
          key: 'd1',
          title: 'ceiling: Fastify hello world (no plugins)',
          baseUrl: fastifyUrl,
          paths: ['/hello'],
          serverPid: ceiling.pid,
        },
        ...[false, true].flatMap((prepared) =>
          queries.map((q, i) => {
            const mode = prepared ? 'prepared=1' : '';
            const query = (extra: string) =>
              mode || extra ? `?${[extra, mode].filter(Boolean).join('&')}` : '';
            return {
              key: sqlCeilingKey(i, prepared, queries.length),
              title: `ceiling: bare pg + node:http, the SQL of ${q.description}${prepared ? ', as a named prepared statement' : ''}`,
              baseUrl: sqlUrl,
              paths:
                q.idParam === undefined
                  ? [`/sql/${q.name}${query('')}`]
                  : reviewConcerts.map(
                      (c) => `/sql/${q.name}${query(`id=${encodeURIComponent(c.id)}`)}`,
                    ),
              serverPid: ceiling.pid,
            };
          }),
        ),
      ];
    },
  });

  judgeResults(results);
  reportRun({
    started,
    results,
    targetsText: targetsText(queryCount),
    serverRss,
    record: {
      settings: {
        ...runSettings(),
        targets: {
          cached: CACHED_READ_TARGET,
          uncached: UNCACHED_READ_TARGET,
          serverRssMb: SERVER_RSS_TARGET_MB,
        },
        today: new Date().toISOString().slice(0, 10),
      },
      machineBefore,
      data: {
        tableRows,
        reviewConcerts: reviewConcerts.length,
        meanReviewsPerConcert: Number(meanReviews.toFixed(1)),
      },
    },
  });
}

runMain(main);
