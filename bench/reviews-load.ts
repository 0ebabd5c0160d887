/**
 * Load benchmark of the review endpoints against the scale data (npm run bench:data).
 *
 *   npm run build && npm run bench:reviews
 *
 * Starts the built server twice (response cache on, as deployed, and off) and the
 * reference servers (bench/ceiling-server.ts), signs BENCH_USERS bench users in by writing
 * their session rows as sign-in does and signing their cookies with the servers'
 * SESSION_SECRET, then drives, at 50 connections like concerts-load.ts:
 *
 * - r1/r2: GET /api/reviews?limit=20&sort=recent / sort=rating, anonymous (cacheable),
 *   each followed by its same-bytes ceiling (r1-bytes, r2-bytes: Fastify sending the same
 *   response from memory); r1u/r2u the same with the response cache off;
 * - r3/r4: r1/r2 signed in, each request as the next of the users, so isLiked is per
 *   viewer and no shared cache can answer;
 * - r5: a review's comments, rotating over reviews that have some, and r5-bytes;
 * - s1-s3: the social reads, signed in: the Following timeline of people who follow 500
 *   others each, the profile of the person with the most followers, Find Friends;
 * - d1-d4: the bare-pg ceilings of r1-r4's statements (the signed-in ones after the
 *   session store's read), d5-d7 those of s1-s3, d8 Fastify hello world;
 * - w1: likes and unlikes by the users over a spread of reviews; afterwards every touched
 *   review's counter is compared with its like rows, then the run's likes are taken back.
 *
 * Like concerts-load.ts it prints a table and writes bench/results/<timestamp>.json, and
 * exits 0 whatever the figures.
 */
import { randomBytes } from 'node:crypto';
import type pg from 'pg';
import { TIMELINE_LIMIT, USER_LIST_DEFAULT } from '#shared/limits';
import type { Database } from '../src/server/db/index.ts';
import { TRENDING_WINDOWS_DAYS } from '../src/server/modules/reviews/service.ts';
import { searchPeople } from '../src/server/modules/users/queries.ts';
import {
  CACHED_READ_TARGET,
  connectBenchDatabase,
  judgeResults,
  reportRun,
  requireBuiltServer,
  runMain,
  runOnBenchServers,
  runScenario,
  runSettings,
  SERVER_RSS_TARGET_MB,
  UNCACHED_READ_TARGET,
  withSameBytesCeiling,
  type BenchRequest,
  type LoadRun,
  type Scenario,
  type Target,
} from './harness.ts';
import { reviewBenchQueries, socialBenchQueries } from './queries.ts';
import { checkSignedIn, sessionCookies, signIn, signOut } from './sessions.ts';

const USERS = Number(process.env.BENCH_USERS ?? 1000);
/** What s3 asks Find Friends: a username fragment that matches about a hundred people. */
const SEARCH_TERM = process.env.BENCH_SEARCH ?? 'fan_123';
const LIKE_REVIEWS = 2000;
const COMMENTED_REVIEWS = 500;
/**
 * Signed-in reads cannot be cached, so they are held to what the same statements (and the
 * session read) cost through bare pg, not to a fixed rate.
 */
const SIGNED_IN_TARGET: Target = { shareOfCeiling: 0.6, p99Ms: 60 };
/** The social reads are held to a rate as well. */
const SOCIAL_TARGET: Target = { ...SIGNED_IN_TARGET, requestsPerSecond: 1000 };
const LIKES_TARGET: Target = { requestsPerSecond: 800 };
/** Bench sessions are told apart by their sid, so a run can drop what an earlier one left. */
const SID_PREFIX = 'bench-';
const percent = (target: Target) => `${(target.shareOfCeiling ?? 0) * 100} %`;
const TARGETS_TEXT =
  `targets: r1, r2, r5 >= ${CACHED_READ_TARGET.requestsPerSecond} req/s, p99 <= ${CACHED_READ_TARGET.p99Ms} ms ` +
  `and >= ${percent(CACHED_READ_TARGET)} of their same-bytes ceiling (r1-bytes, r2-bytes, r5-bytes);\n` +
  `  r3, r4, s1-s3 >= ${percent(SIGNED_IN_TARGET)} of d2, d4, d5-d7, p99 <= ${SIGNED_IN_TARGET.p99Ms} ms; ` +
  `s1-s3 also >= ${SOCIAL_TARGET.requestsPerSecond} req/s; ` +
  `r1u, r2u (a cache miss) >= ${percent(UNCACHED_READ_TARGET)} of d1, d3;\n` +
  `  w1 >= ${LIKES_TARGET.requestsPerSecond} writes/s with every like counter equal to its rows; ` +
  'none with a bad status or errors.\n' +
  `  The app servers' resident memory <= ${SERVER_RSS_TARGET_MB} MB through the whole run.`;

interface BenchData {
  /** The bench's signed-in people: those who follow the most others first. */
  users: string[];
  /** Who has the most followers. */
  star: { id: string; followers: number };
  /** How many the first bench user follows. */
  following: number;
  likeReviews: string[];
  commentedReviews: string[];
  /** Reviews in Trending's first window: under a page of them, the app reads wider windows. */
  trendingWindowReviews: number;
  tableRows: Record<string, number>;
}

async function readBenchData(client: pg.Client, trendingSince: Date): Promise<BenchData> {
  const users = await client.query<{ id: string; following: number }>(
    `SELECT id, following_count AS following FROM users
      ORDER BY following_count DESC, md5(id::text) LIMIT $1`,
    [USERS],
  );
  const star = await client.query<{ id: string; followers: number }>(
    'SELECT id, followers_count AS followers FROM users ORDER BY followers_count DESC LIMIT 1',
  );
  const likeReviews = await client.query<{ id: string }>(
    'SELECT id FROM reviews ORDER BY md5(id::text) LIMIT $1',
    [LIKE_REVIEWS],
  );
  // Reviews anyone may read: a private author's are not found by visitors.
  const commented = await client.query<{ review_id: string }>(
    `SELECT c.review_id FROM review_comments c
       JOIN reviews r ON r.id = c.review_id JOIN users u ON u.id = r.user_id
      WHERE NOT u.is_private
      GROUP BY c.review_id ORDER BY md5(c.review_id::text) LIMIT $1`,
    [COMMENTED_REVIEWS],
  );
  const trending = await client.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM reviews WHERE created_at >= $1',
    [trendingSince],
  );
  const sizes = await client.query<{ relname: string; n: string }>(
    `SELECT relname, reltuples::bigint AS n FROM pg_class
      WHERE relname IN ('users', 'concerts', 'reviews', 'review_likes', 'review_comments',
                        'user_follows')`,
  );
  return {
    users: users.rows.map((r) => r.id),
    star: star.rows[0] ?? { id: '', followers: 0 },
    following: users.rows[0]?.following ?? 0,
    likeReviews: likeReviews.rows.map((r) => r.id),
    commentedReviews: commented.rows.map((r) => r.review_id),
    trendingWindowReviews: trending.rows[0]?.n ?? 0,
    tableRows: Object.fromEntries(sizes.rows.map((r) => [r.relname, Number(r.n)])),
  };
}

// ---------------------------------------------------------------------------
// Likes

/** Which of the bench users' pairs with the like reviews were liked before the run. */
async function existingLikes(
  client: pg.Client,
  users: string[],
  reviews: string[],
): Promise<Set<string>> {
  const result = await client.query<{ user_id: string; review_id: string }>(
    `SELECT user_id, review_id FROM review_likes
      WHERE user_id = ANY($1::uuid[]) AND review_id = ANY($2::uuid[])`,
    [users, reviews],
  );
  return new Set(result.rows.map((r) => `${r.user_id}:${r.review_id}`));
}

/**
 * Request n of w1: user n mod U, on their k-th visit, likes a review (even k) and takes
 * that like back on the next visit, so the counters move both ways and every POST and
 * DELETE changes a row. Neighbouring requests are different users on different reviews,
 * spread over the whole set, rather than a queue on one hot review row. Pairs liked before
 * the run are skipped, so taking the run's likes back leaves the data as it was.
 */
function likeSequence(
  users: string[],
  cookies: string[],
  reviews: string[],
  likedBefore: Set<string>,
): (n: number) => BenchRequest {
  const reviewOf = (user: number, nth: number) => {
    for (let step = 0; ; step += 1) {
      const review = reviews[(user * 7 + nth * 13 + step) % reviews.length]!;
      if (!likedBefore.has(`${users[user]}:${review}`)) return review;
    }
  };
  return (n) => {
    const user = n % users.length;
    const visit = Math.floor(n / users.length);
    return {
      method: visit % 2 === 0 ? 'POST' : 'DELETE',
      path: `/api/reviews/${reviewOf(user, Math.floor(visit / 2))}/like`,
      headers: { cookie: cookies[user]! },
    };
  };
}

/**
 * When autocannon stops, the app still finishes the requests it had taken (up to one per
 * connection, some waiting for a pool connection): wait until no other session of this
 * database has been busy for half a second, so the check and the undo see every write.
 */
async function waitForWritesToSettle(client: pg.Client, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let quietSince = Date.now();
  while (Date.now() < deadline) {
    const busy = await client.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM pg_stat_activity
        WHERE datname = current_database() AND pid <> pg_backend_pid()
          AND state IS DISTINCT FROM 'idle'`,
    );
    if ((busy.rows[0]?.n ?? 0) > 0) quietSince = Date.now();
    else if (Date.now() - quietSince >= 500) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  console.warn('WARNING: the app was still writing 15 s after w1; the check may miss some.');
}

/** Reviews among `reviews` whose like counter differs from their like rows. */
async function countMismatches(client: pg.Client, reviews: string[]): Promise<number> {
  const result = await client.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM reviews r
      WHERE r.id = ANY($1::uuid[])
        AND r.likes <> (SELECT count(*) FROM review_likes l WHERE l.review_id = r.id)`,
    [reviews],
  );
  return result.rows[0]?.n ?? 0;
}

/**
 * Takes back the likes the run left (and the notices they sent), so the next run and
 * concerts-load.ts measure the data bench:data made. Counters are set from the rows.
 */
async function undoLikes(
  client: pg.Client,
  users: string[],
  reviews: string[],
  since: Date,
): Promise<number> {
  await client.query('BEGIN');
  try {
    const removed = await client.query(
      `DELETE FROM review_likes
        WHERE user_id = ANY($1::uuid[]) AND review_id = ANY($2::uuid[]) AND created_at >= $3`,
      [users, reviews, since],
    );
    await client.query(
      `UPDATE reviews r SET likes = c.n
         FROM (SELECT id, (SELECT count(*)::int FROM review_likes l WHERE l.review_id = x.id) AS n
                 FROM reviews x WHERE x.id = ANY($1::uuid[])) c
        WHERE r.id = c.id AND r.likes <> c.n`,
      [reviews],
    );
    await client.query(
      `DELETE FROM notifications
        WHERE type = 'review_like' AND related_user_id = ANY($1::uuid[]) AND created_at >= $2`,
      [users, since],
    );
    await client.query('COMMIT');
    return removed.rowCount ?? 0;
  } catch (error) {
    await client.query('ROLLBACK');
    throw error;
  }
}

// ---------------------------------------------------------------------------

/** The LIMIT of each Find Friends tier the app sends for SEARCH_TERM, in order. */
async function searchTierLimits(db: Database, viewerId: string): Promise<number[]> {
  const limits: number[] = [];
  await searchPeople(db, SEARCH_TERM, viewerId, USER_LIST_DEFAULT, (limit) => limits.push(limit));
  return limits;
}

// ---------------------------------------------------------------------------

async function main(): Promise<void> {
  requireBuiltServer();
  const { databaseUrl, client, handle } = await connectBenchDatabase();
  // Trending's first window, as the route computes it; the ceiling reads the same.
  const trendingSince = new Date(Date.now() - TRENDING_WINDOWS_DAYS[0] * 24 * 60 * 60 * 1000);
  // One secret for both app servers, so the bench can sign the session cookies itself.
  const sessionSecret = randomBytes(32).toString('hex');
  const started = new Date();
  let data: BenchData;
  let likes: { mismatches: number; undone: number } | undefined;
  let loadRun: LoadRun;
  try {
    data = await readBenchData(client, trendingSince);
    if (data.likeReviews.length === 0 || data.users.length === 0) {
      throw new Error('The bench database has no reviews: run `npm run bench:data` first.');
    }
    if (data.trendingWindowReviews < TIMELINE_LIMIT) {
      console.warn(
        `WARNING: ${data.trendingWindowReviews} reviews in Trending's ${TRENDING_WINDOWS_DAYS[0]}-day ` +
          'window: r2/r4 also read the wider windows, which the ceiling does not.',
      );
    }
    await signOut(handle.db, SID_PREFIX);
    const sids = await signIn(handle.db, data.users, SID_PREFIX);
    const cookies = sessionCookies(sessionSecret, sids);
    if (data.following === 0) {
      console.warn('WARNING: nobody follows anyone: run `npm run bench:data` again for s1.');
    }
    const queries = [
      ...reviewBenchQueries(handle.db, { viewerId: data.users[0]!, since: trendingSince }),
      ...socialBenchQueries(handle.db, {
        viewerId: data.users[0]!,
        starId: data.star.id,
        searchTerm: SEARCH_TERM,
        searchLimits: await searchTierLimits(handle.db, data.users[0]!),
      }),
    ];
    const likeReviews = data.likeReviews;
    const likeUsers = data.users;

    loadRun = await runOnBenchServers({
      databaseUrl,
      sessionSecret,
      ceilingQueries: queries,
      readyPath: '/api/reviews?limit=1',
      checkServers: ({ appUrl }) => checkSignedIn(appUrl, cookies[0]!, data.users[0]!),
      scenarios: async (servers) => {
        const { app, appUrl, uncached, uncachedUrl, ceiling, sqlUrl, fastifyUrl } = servers;
        const recent = `/api/reviews?limit=${TIMELINE_LIMIT}&sort=recent`;
        const trending = `/api/reviews?limit=${TIMELINE_LIMIT}&sort=rating`;
        const followingFeed = `/api/reviews?limit=${TIMELINE_LIMIT}&feed=following`;
        const profile = `/api/users/${data.star.id}`;
        const search = `/api/users/search?q=${encodeURIComponent(SEARCH_TERM)}`;
        const asUsers =
          (path: string) =>
          (n: number): BenchRequest => ({
            path,
            headers: { cookie: cookies[n % cookies.length]! },
          });
        const likedBefore = await existingLikes(client, data.users, data.likeReviews);
        const likeToggle = likeSequence(data.users, cookies, data.likeReviews, likedBefore);
        // Each cached read is followed by Fastify sending the same bytes, on the same machine state.
        return [
          ...withSameBytesCeiling(
            {
              key: 'r1',
              title: `GET ${recent}, anonymous`,
              target: CACHED_READ_TARGET,
              baseUrl: appUrl,
              paths: [recent],
              serverPid: app.pid,
            },
            servers,
          ),
          ...withSameBytesCeiling(
            {
              key: 'r2',
              title: `GET ${trending} (Trending), anonymous`,
              target: CACHED_READ_TARGET,
              baseUrl: appUrl,
              paths: [trending],
              serverPid: app.pid,
            },
            servers,
          ),
          {
            key: 'r1u',
            title: 'r1, response cache off',
            target: UNCACHED_READ_TARGET,
            ceiling: 'd1',
            baseUrl: uncachedUrl,
            paths: [recent],
            serverPid: uncached.pid,
          },
          {
            key: 'r2u',
            title: 'r2, response cache off',
            target: UNCACHED_READ_TARGET,
            ceiling: 'd3',
            baseUrl: uncachedUrl,
            paths: [trending],
            serverPid: uncached.pid,
          },
          {
            key: 'r3',
            title: `r1 signed in, as ${cookies.length} users in turn`,
            target: SIGNED_IN_TARGET,
            ceiling: 'd2',
            baseUrl: appUrl,
            paths: [recent],
            request: asUsers(recent),
            serverPid: app.pid,
          },
          {
            key: 'r4',
            title: `r2 signed in, as ${cookies.length} users in turn`,
            target: SIGNED_IN_TARGET,
            ceiling: 'd4',
            baseUrl: appUrl,
            paths: [trending],
            request: asUsers(trending),
            serverPid: app.pid,
          },
          ...withSameBytesCeiling(
            {
              key: 'r5',
              title: `GET /api/reviews/{id}/comments over ${data.commentedReviews.length} reviews with comments`,
              target: CACHED_READ_TARGET,
              baseUrl: appUrl,
              paths: data.commentedReviews.map((id) => `/api/reviews/${id}/comments`),
              serverPid: app.pid,
            },
            servers,
          ),
          {
            key: 's1',
            title: `GET ${followingFeed} (Following), as ${cookies.length} people who follow ${data.following} each`,
            target: SOCIAL_TARGET,
            ceiling: 'd5',
            baseUrl: appUrl,
            paths: [followingFeed],
            request: asUsers(followingFeed),
            serverPid: app.pid,
          },
          {
            key: 's2',
            title: `GET /api/users/{id} of someone with ${data.star.followers} followers, signed in`,
            target: SOCIAL_TARGET,
            ceiling: 'd6',
            baseUrl: appUrl,
            paths: [profile],
            request: asUsers(profile),
            serverPid: app.pid,
          },
          {
            key: 's3',
            title: `GET ${search} (Find Friends), signed in`,
            target: SOCIAL_TARGET,
            ceiling: 'd7',
            baseUrl: appUrl,
            paths: [search],
            request: asUsers(search),
            serverPid: app.pid,
          },
          ...queries.map((q, i): Scenario => ({
            key: `d${i + 1}`,
            title: `ceiling: bare pg + node:http, ${q.unnamed ? 'unnamed' : 'named prepared'}, the SQL of ${q.description}`,
            baseUrl: sqlUrl,
            paths: [`/sql/${q.name}?prepared=${q.unnamed ? 0 : 1}`],
            request: q.session
              ? (n) => ({
                  path: `/sql/${q.name}?prepared=${q.unnamed ? 0 : 1}&sid=${encodeURIComponent(sids[n % sids.length]!)}`,
                })
              : undefined,
            serverPid: ceiling.pid,
          })),
          {
            key: `d${queries.length + 1}`,
            title: 'ceiling: Fastify hello world (no plugins)',
            baseUrl: fastifyUrl,
            paths: ['/hello'],
            serverPid: ceiling.pid,
          },
          // Last: its writes drop cached review pages and move Trending's like counts.
          {
            key: 'w1',
            title: `POST/DELETE /api/reviews/{id}/like, ${cookies.length} users over ${data.likeReviews.length} reviews`,
            target: LIKES_TARGET,
            baseUrl: appUrl,
            paths: ['/api/reviews'],
            request: likeToggle,
            serverPid: app.pid,
          },
        ];
      },
      run: async (scenario) => {
        if (scenario.key !== 'w1') return runScenario(scenario);
        const since = (await client.query<{ now: Date }>('SELECT now() AS now')).rows[0]!.now;
        const result = await runScenario(scenario);
        await waitForWritesToSettle(client);
        const mismatches = await countMismatches(client, likeReviews);
        const undone = await undoLikes(client, likeUsers, likeReviews, since);
        likes = { mismatches, undone };
        console.log(
          `    like counters that differ from their rows: ${mismatches} of ${likeReviews.length} ` +
            `reviews (then ${undone} likes the run left were taken back)`,
        );
        return result;
      },
    });
  } finally {
    await signOut(handle.db, SID_PREFIX).catch(() => {});
    await handle.close();
    await client.end();
  }
  const { results, serverRss, machineBefore } = loadRun;

  judgeResults(results);
  const w1 = results.find((r) => r.key === 'w1');
  if (w1 && likes && likes.mismatches > 0) {
    w1.verdict = 'FAIL';
    w1.note = `${likes.mismatches} like counters differ from their rows; ${w1.note ?? ''}`;
  }
  reportRun({
    started,
    results,
    targetsText: TARGETS_TEXT,
    serverRss,
    notes: likes ? [`w1 like counter mismatches: ${likes.mismatches}`] : [],
    record: {
      kind: 'reviews',
      settings: {
        ...runSettings(),
        users: USERS,
        targets: {
          cached: CACHED_READ_TARGET,
          uncached: UNCACHED_READ_TARGET,
          signedIn: SIGNED_IN_TARGET,
          social: SOCIAL_TARGET,
          likes: LIKES_TARGET,
          serverRssMb: SERVER_RSS_TARGET_MB,
        },
        trendingSince: trendingSince.toISOString(),
      },
      machineBefore,
      data: {
        tableRows: data.tableRows,
        users: data.users.length,
        followingEach: data.following,
        star: data.star,
        searchTerm: SEARCH_TERM,
        likeReviews: data.likeReviews.length,
        commentedReviews: data.commentedReviews.length,
        trendingWindowReviews: data.trendingWindowReviews,
      },
      likes: likes ?? null,
    },
  });
}

runMain(main);
