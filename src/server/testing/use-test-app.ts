/**
 * The running app of one API test file, as fastify/demo's test/helper.ts gives each test
 * its app: started before the file's first test and closed after its last.
 *
 *   const server = useTestApp();
 *   const { db, person } = server;
 *
 * Call it once, at the top level of the file. What it returns reads the app lazily, so use
 * it inside tests and hooks; a file's own beforeAll registered after this call runs once
 * the app is up.
 */
import { afterAll, beforeAll } from 'vitest';
import type { Database } from '../db/index.ts';
import { signedInPerson } from './api-client.ts';
import { startTestApp, type TestApp, type TestAppOptions } from './test-app.ts';

/** An id no row has, for asking after something that is not there. */
export const NO_SUCH_ID = '00000000-0000-4000-8000-000000000000';

export interface RunningTestApp extends Omit<TestApp, 'close'> {
  /** The app's database. */
  db(): Database;
  /** A new person, and a client signed in as them. */
  person(fields?: Parameters<typeof signedInPerson>[1]): ReturnType<typeof signedInPerson>;
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
    db: () => running().database.db,
    person: (fields = {}) => signedInPerson(running(), fields),
  };
}
