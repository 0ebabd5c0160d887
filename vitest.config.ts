import os from 'node:os';
import path from 'node:path';
import { defineConfig } from 'vitest/config';

/** As tsconfig.json's paths and vite.config.ts: #client/… names a file under src/client. */
const resolve = {
  alias: [{ find: /^#client\//, replacement: `${path.resolve('src/client')}/` }],
};

const apiProject = (name: string, databaseKind: 'pglite' | 'postgres') => ({
  test: {
    name,
    environment: 'node',
    include: ['src/server/**/*.test.ts'],
    globalSetup: ['src/server/testing/global-setup.ts'],
    env: { ENCORE_TEST_DATABASE: databaseKind },
    testTimeout: 20_000,
    hookTimeout: 60_000,
    // Files share their worker's modules instead of importing the server anew each: that
    // import was a third of the stage. Each file still has an app and a database of its own.
    isolate: false,
  },
});

/** The tests of stored media once more, on the S3 driver against a real S3-protocol server. */
const s3Project = {
  test: {
    ...apiProject('api-s3', 'pglite').test,
    include: [
      'src/server/modules/uploads/**/*.test.ts',
      'src/server/modules/account/export-and-delete.test.ts',
      'src/server/storage/**/*.test.ts',
    ],
    globalSetup: ['src/server/testing/global-setup.ts', 'src/server/testing/s3-setup.ts'],
    env: { ENCORE_TEST_DATABASE: 'pglite', ENCORE_TEST_STORAGE: 's3' },
  },
};

export default defineConfig({
  test: {
    // One file per core. Vitest's default leaves a core free, which on two cores runs the
    // files one at a time; API tests wait on PostgreSQL, child processes and timers as much
    // as they compute, so a second file at once took the API run from 651 s to 418 s.
    maxWorkers: os.availableParallelism(),
    // CI adds the counts up across runs (scripts/test-summary.mjs).
    reporters: process.env.CI ? ['default', 'json'] : ['default'],
    outputFile: { json: `test-results/vitest-${process.env.npm_lifecycle_event ?? 'run'}.json` },
    projects: [
      {
        resolve,
        test: {
          name: 'unit',
          environment: 'node',
          // As the API files: one import of the code per worker, not per file (88 s → 28 s
          // for both unit projects, in any order of files).
          isolate: false,
          include: ['src/shared/**/*.test.ts', 'src/client/**/*.test.ts'],
        },
      },
      {
        resolve,
        test: {
          name: 'unit-dom',
          environment: 'happy-dom',
          isolate: false,
          include: ['src/client/**/*.test.tsx'],
          // A component test types and clicks as a person does; on a busy 2-core machine the
          // longest of them takes several seconds, past Vitest's default 5.
          testTimeout: 15_000,
          // The second's afterEach runs first: the tree is gone before console errors are counted.
          setupFiles: [
            'src/client/testing/fail-on-console-error.ts',
            'src/client/testing/reset-after-each-test.ts',
          ],
        },
      },
      apiProject('api', 'pglite'),
      s3Project,
      ...(process.env.TEST_DATABASE_URL ? [apiProject('api-postgres', 'postgres')] : []),
    ],
  },
});
