/** The bench database, as a script that reads it itself opens it. */
import pg from 'pg';
import { openDatabase } from '../../src/server/db/index.ts';
import { benchDatabaseUrl } from '../bench-config.ts';

/** A pg client for plain SQL and the app's own handle for its queries; the caller closes both. */
export async function connectBenchDatabase() {
  const databaseUrl = benchDatabaseUrl();
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const handle = await openDatabase({ databaseUrl, dataDir: 'data/bench-unused' });
  return { databaseUrl, client, handle };
}

/**
 * Tables the app servers write as they start and as they answer: the league tables (rebuilt
 * at start when out of date) and the request limits' counters (one upsert per block of
 * requests).
 */
const CHURNED_TABLES = ['league_entries', 'league_rule', 'rate_limit_counters'];

/**
 * Vacuums and analyzes the tables the app servers churn, once they have started. A
 * production database vacuums them as they churn (autovacuum); a bench database may not
 * (autovacuum is off on some machines), and then reads meet every dead version: with 23,000
 * dead rows in league_entries the artist page's cache miss answered 381 req/s and 501 after
 * this, its p99 at half load 128 ms and 42.
 */
export async function vacuumChurnedTables(databaseUrl: string): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query(`VACUUM (ANALYZE) ${CHURNED_TABLES.join(', ')}`);
  } finally {
    await client.end();
  }
}
