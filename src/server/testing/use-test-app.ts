/**
 * The running app of one API test file, as fastify/demo's test/helper.ts gives each test
 * its app: started before the file's first test and closed after its last.
 *
 *   const server = useTestApp();
 *   const { db, person, create } = server;
 *
 * Call it once, at the top level of the file. What it returns reads the app lazily, so use
 * it inside tests and hooks; a file's own beforeAll registered after this call runs once
 * the app is up. useBuiltTestApp, below, does the same for an app that does not listen.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import type { Database, DatabaseHandle } from '../db/index.ts';
import { signedInPerson } from './api-client.ts';
import { buildTestApp, startTestApp, type TestApp, type TestAppOptions } from './test-app.ts';
import { createTestDatabase } from './test-database.ts';
import { testRows, type TestRows } from './test-rows.ts';

/** An id no row has, for asking after something that is not there. */
export const NO_SUCH_ID = '00000000-0000-4000-8000-000000000000';

export interface RunningTestApp extends Readonly<Omit<TestApp, 'close'>> {
  /** The app's database. */
  db(): Database;
  /** A new person, and a client signed in as them. */
  person(fields?: Parameters<typeof signedInPerson>[1]): ReturnType<typeof signedInPerson>;
  /** Rows made in the app's database by the seed factories. */
  readonly create: TestRows;
}

/**
 * @param options the app's settings, or a function giving them when the app starts (for
 * settings known only once an earlier beforeAll has run, such as a mail server's port).
 */
export function useTestApp(options: TestAppOptions | (() => TestAppOptions) = {}): RunningTestApp {
  let started: TestApp | undefined;
  beforeAll(async () => {
    started = await startTestApp(typeof options === 'function' ? options() : options);
  });
  afterAll(() => started?.close());

  const running = (): TestApp => {
    if (!started) throw new Error('The test app starts in beforeAll: use it inside a test or hook');
    return started;
  };
  const db = () => running().database.db;
  return {
    get app() {
      return running().app;
    },
    get database() {
      return running().database;
    },
    get url() {
      return running().url;
    },
    get sessionSecret() {
      return running().sessionSecret;
    },
    get dataDir() {
      return running().dataDir;
    },
    db,
    person: (fields = {}) => signedInPerson(running(), fields),
    create: testRows(db),
  };
}

export interface BuiltTestAppOptions extends TestAppOptions {
  /** Adds routes of the test's own before the app is ready. */
  routes?: (app: FastifyInstance) => void;
}

export interface BuiltTestApp {
  readonly app: FastifyInstance;
  readonly database: DatabaseHandle;
  db(): Database;
}

/**
 * Like useTestApp, an app on a database of its own for the file's lifetime, but built
 * without listening (buildTestApp): for inject() tests of the app's plumbing, which may add
 * routes of their own.
 */
export function useBuiltTestApp(
  options: BuiltTestAppOptions | (() => BuiltTestAppOptions) = {},
): BuiltTestApp {
  let database: DatabaseHandle | undefined;
  let app: FastifyInstance | undefined;
  beforeAll(async () => {
    const { routes, ...appOptions } = typeof options === 'function' ? options() : options;
    database = await createTestDatabase();
    app = await buildTestApp(database.db, appOptions);
    routes?.(app);
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  const ready = () => {
    if (!app || !database) {
      throw new Error('The test app is built in beforeAll: use it inside a test or hook');
    }
    return { app, database };
  };
  return {
    get app() {
      return ready().app;
    },
    get database() {
      return ready().database;
    },
    db: () => ready().database.db,
  };
}
