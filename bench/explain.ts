/**
 * EXPLAIN (ANALYZE, BUFFERS) of the statements behind the benchmarked endpoints, built by
 * the server's exported Drizzle query builders (see bench/queries.ts), on the scale data.
 *
 *   npm run bench:explain              # plans after one warm-up run, plus timings
 *   npm run bench:explain -- --runs=50 # more timing runs
 *
 * For each statement: the plan (second execution, so the cache is warm) and the client
 * round-trip time over N runs (p50 / p99 / mean), which is what one request pays in SQL.
 */
import pg from 'pg';
import { openDatabase } from '../src/server/db/index.ts';
import { benchDatabaseUrl } from './bench-config.ts';
import {
  benchQueries,
  reviewBenchQueries,
  searchBenchQueries,
  socialBenchQueries,
} from './queries.ts';

const runsArg = process.argv.find((a) => a.startsWith('--runs='));
const RUNS = Math.min(1000, Math.max(1, Number(runsArg?.slice('--runs='.length) ?? 30)));

function percentile(sorted: number[], p: number): number {
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, index)] ?? 0;
}

async function main(): Promise<void> {
  const databaseUrl = benchDatabaseUrl();
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    // The most-reviewed of a fixed sample of reviewed concerts: the per-concert worst case.
    const sample = await client.query<{ id: string; n: number }>(
      `SELECT s.id, (SELECT count(*)::int FROM reviews r WHERE r.concert_id = s.id) AS n
         FROM (SELECT c.id FROM concerts c
                WHERE c.date < current_date
                  AND EXISTS (SELECT 1 FROM reviews r WHERE r.concert_id = c.id)
                ORDER BY md5(c.id) LIMIT 500) s
        ORDER BY n DESC, s.id LIMIT 1`,
    );
    const concert = sample.rows[0];
    if (!concert) {
      console.error('The bench database has no reviewed concerts: run `npm run bench:data` first.');
      process.exitCode = 1;
      return;
    }
    const handle = await openDatabase({ databaseUrl, dataDir: 'data/bench-unused' });
    // Plans of the schema the app would run on: apply any migration added since bench:data.
    await handle.migrate();
    // A viewer who has liked things, so isLiked probes find rows.
    const viewer = await client.query<{ user_id: string }>(
      'SELECT user_id FROM review_likes ORDER BY md5(user_id::text) LIMIT 1',
    );
    const since = new Date(Date.now() - 30 * 24 * 60 * 60 * 1000);
    // The social reads as bench:reviews runs them: a Following reader (follows 500), the
    // person with the most followers, and its search term.
    const social = await client.query<{ reader: string; star: string }>(
      `SELECT (SELECT id FROM users WHERE following_count >= 500 ORDER BY id LIMIT 1) AS reader,
              (SELECT id FROM users ORDER BY followers_count DESC, id LIMIT 1) AS star`,
    );
    const nobody = '00000000-0000-4000-8000-000000000000';
    const queries = [
      ...benchQueries(handle.db, { concertId: concert.id }),
      ...reviewBenchQueries(handle.db, { viewerId: viewer.rows[0]?.user_id ?? nobody, since }),
      ...socialBenchQueries(handle.db, {
        viewerId: social.rows[0]?.reader ?? nobody,
        starId: social.rows[0]?.star ?? nobody,
        searchTerm: process.env.BENCH_SEARCH ?? 'fan_123',
      }),
      // A typo'd name, as fans type them: the suggestions' four statements.
      ...searchBenchQueries(handle.db, {
        text: process.env.BENCH_FORGIVING_SEARCH ?? 'radiohed',
        viewerId: social.rows[0]?.reader ?? nobody,
      }),
    ];
    await handle.close();

    console.log(
      `database ${new URL(databaseUrl).pathname.slice(1)}, ${RUNS} timing runs per statement`,
    );
    console.log(
      `per-concert statements use concert ${concert.id} (${concert.n} reviews, the most of 500 sampled)`,
    );
    const summary: { name: string; execution: string; p50: number; p99: number; mean: number }[] =
      [];
    for (const query of queries) {
      const params = [...query.params];
      if (query.idParam !== undefined) params[query.idParam] = concert.id;
      await client.query(query.sql, params);
      const plan = await client.query<{ 'QUERY PLAN': string }>(
        `EXPLAIN (ANALYZE, BUFFERS) ${query.sql}`,
        params,
      );
      const lines = plan.rows.map((r) => r['QUERY PLAN']);
      console.log(`\n=== ${query.name}: ${query.description}`);
      console.log(query.sql);
      console.log(`params: ${JSON.stringify(params)}\n`);
      console.log(lines.join('\n'));

      const times: number[] = [];
      for (let i = 0; i < RUNS; i += 1) {
        const t0 = performance.now();
        await client.query(query.sql, params);
        times.push(performance.now() - t0);
      }
      times.sort((a, b) => a - b);
      summary.push({
        name: query.name,
        execution:
          lines.find((l) => l.startsWith('Execution Time'))?.replace('Execution Time: ', '') ?? '',
        p50: Number(percentile(times, 50).toFixed(2)),
        p99: Number(percentile(times, 99).toFixed(2)),
        mean: Number((times.reduce((s, t) => s + t, 0) / times.length).toFixed(2)),
      });
    }
    console.log('\nround trip through pg (ms):');
    console.table(summary);
  } finally {
    await client.end();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
