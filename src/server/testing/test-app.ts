/**
 * A real Encore server for tests: its own database, listening on a free localhost port
 * so the sign-in flow runs over HTTP exactly as in a browser.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp, type AppDeps } from '../app.ts';
import { changeFeedOf } from '../changes/index.ts';
import { loadConfig } from '../config.ts';
import type { Database, DatabaseHandle } from '../db/index.ts';
import { createTestDatabase } from './test-database.ts';
import { testStorageEnv } from './test-storage.ts';

export interface TestApp {
  app: FastifyInstance;
  database: DatabaseHandle;
  /** e.g. http://localhost:41234 */
  url: string;
  /** What signs its session cookies, so tests can sign in as anyone (testing/api-client.ts). */
  sessionSecret: string;
  dataDir: string;
  close(): Promise<void>;
}

export interface TestAppOptions {
  /** Settings over the test defaults below, as environment variables. */
  env?: Record<string, string>;
  deps?: Partial<AppDeps>;
}

export async function startTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const database = await createTestDatabase();
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'encore-test-'));
  const port = await freePort();
  const config = loadConfig({
    NODE_ENV: 'test',
    PORT: String(port),
    DATA_DIR: dataDir,
    // Tests change rows directly between requests; the cache's own tests turn it on.
    RESPONSE_CACHE_SECONDS: '0',
    // Every test signs people up and in from this one address; the limits' own tests lower these.
    SIGNUPS_PER_IP_PER_HOUR: '100000',
    SIGN_IN_ATTEMPTS_PER_ADDRESS: '100000',
    SIGN_IN_RATE_LIMIT: '100000',
    ...(await testStorageEnv()),
    ...options.env,
  });
  const sessionSecret = randomBytes(32).toString('hex');
  const app = await buildApp({
    config,
    db: database.db,
    sessionSecret,
    clientDir: path.join(dataDir, 'no-client'),
    changeFeed: changeFeedOf(database),
    listen: database.listen,
    postgresPool: database.postgresPool,
    ...options.deps,
  });
  await app.listen({ port, host: 'localhost' });
  return {
    app,
    database,
    url: config.publicUrl,
    sessionSecret,
    dataDir,
    async close() {
      await app.close();
      await database.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

export async function freePort(): Promise<number> {
  const { createServer } = await import('node:net');
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/**
 * An app on a database a test already has, not listening: for inject() tests that add
 * routes of their own before ready(), or a second instance beside a running one.
 */
export async function buildTestApp(
  db: Database,
  options: TestAppOptions = {},
): Promise<FastifyInstance> {
  return buildApp({
    config: loadConfig({ NODE_ENV: 'test', PORT: '3999', ...options.env }),
    db,
    sessionSecret: randomBytes(32).toString('hex'),
    clientDir: '/nonexistent',
    ...options.deps,
  });
}
