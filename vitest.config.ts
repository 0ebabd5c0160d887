import { defineConfig } from 'vitest/config';

const apiProject = (name: string, databaseKind: 'pglite' | 'postgres') => ({
  test: {
    name,
    environment: 'node',
    include: ['src/server/**/*.test.ts'],
    globalSetup: ['src/server/testing/global-setup.ts'],
    env: { ENCORE_TEST_DATABASE: databaseKind },
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
});

export default defineConfig({
  test: {
    // CI adds the counts up across runs (scripts/test-summary.mjs).
    reporters: process.env.CI ? ['default', 'json'] : ['default'],
    outputFile: { json: `test-results/vitest-${process.env.npm_lifecycle_event ?? 'run'}.json` },
    projects: [
      {
        test: {
          name: 'unit',
          environment: 'node',
          include: ['src/shared/**/*.test.ts', 'src/client/**/*.test.ts'],
        },
      },
      {
        test: {
          name: 'unit-dom',
          environment: 'happy-dom',
          include: ['src/client/**/*.test.tsx'],
        },
      },
      apiProject('api', 'pglite'),
      ...(process.env.TEST_DATABASE_URL ? [apiProject('api-postgres', 'postgres')] : []),
    ],
  },
});
