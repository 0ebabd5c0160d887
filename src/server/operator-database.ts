/**
 * The database an operator's command (`npm run jobs`, `npm run reports`) works on:
 * DATABASE_URL, or the embedded database, which only one process may hold open, so the
 * command refuses while an Encore process is running on it.
 */
import path from 'node:path';
import { ConfigError, type Config } from './config.ts';
import { openDatabase, type DatabaseHandle } from './db/index.ts';

async function encoreAnswersAt(url: string): Promise<boolean> {
  try {
    const response = await fetch(`${url}/healthz`, { signal: AbortSignal.timeout(1_000) });
    return response.ok;
  } catch {
    return false;
  }
}

/**
 * Opens and migrates the command's database, runs `work` on it and closes it.
 * `readWhat` ends the refusal's advice: "stop it to read its jobs".
 */
export async function withOperatorDatabase(
  config: Config,
  readWhat: string,
  work: (database: DatabaseHandle) => Promise<void>,
): Promise<void> {
  if (!config.databaseUrl && (await encoreAnswersAt(`http://${config.host}:${config.port}`))) {
    throw new ConfigError(
      `Encore is running on the embedded database in ${path.resolve(config.dataDir)}, which one process owns: stop it to read its ${readWhat}, or run Encore on PostgreSQL (DATABASE_URL)`,
    );
  }
  const database = await openDatabase(config);
  try {
    await database.migrate();
    await work(database);
  } finally {
    await database.close();
  }
}
