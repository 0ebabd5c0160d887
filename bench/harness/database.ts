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
