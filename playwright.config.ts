import { existsSync } from 'node:fs';
import os from 'node:os';
import { defineConfig, devices } from '@playwright/test';

/**
 * Browser tests drive the built app in the system's Chromium. Each project starts its
 * own server: embedded PGlite always, and PostgreSQL too when TEST_DATABASE_URL is set.
 */
const CHROMIUM = process.env.CHROME_PATH ?? '/usr/bin/chromium';
// E2E_PORT lets two checkouts run their browser tests side by side.
const firstPort = Number(process.env.E2E_PORT ?? 4311);
/**
 * Every spec runs on PGlite, the database `npm start` brings. On PostgreSQL the browser walks
 * again the journeys in which one write sets off others through its locks, cascades and the
 * job queue: a review with photos (processing jobs, comments, likes), follows and the feeds
 * they fill, an account from settings to deletion, show alerts from the provider, and live
 * updates heard through another instance on the same database. Every
 * other write and every read is proven on both databases by the API suite, and how a page
 * looks does not depend on which one answered it (docs/decisions/0016).
 */
const POSTGRES_SPECS = ['account', 'live-updates', 'reviews', 'show-alerts', 'social'].map(
  (spec) => {
    // A renamed spec would otherwise drop out of the PostgreSQL run without a word.
    if (!existsSync(new URL(`e2e/${spec}.spec.ts`, import.meta.url)))
      throw new Error(`POSTGRES_SPECS: no e2e/${spec}.spec.ts`);
    return `**/${spec}.spec.ts`;
  },
);
const databases = [
  { name: 'pglite', port: firstPort, specs: '**/*.spec.ts' },
  ...(process.env.TEST_DATABASE_URL
    ? [{ name: 'postgres', port: firstPort + 1, specs: POSTGRES_SPECS }]
    : []),
];

export default defineConfig({
  testDir: 'e2e',
  outputDir: 'test-results/playwright',
  fullyParallel: true,
  // Two at least, with or without CI: Playwright's default, half the cores, runs the specs
  // one at a time on a two-core machine, where two take about half as long.
  workers: Math.max(2, Math.floor(os.availableParallelism() / 2)),
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  // Generous: CI machines have run this suite at a third of a developer machine's speed.
  timeout: 90_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list'], ['json', { outputFile: 'test-results/e2e.json' }]] : 'list',
  use: {
    // The service worker answers from its caches what a test expects from the server; the
    // tests of the installable app (e2e/installable-app.spec.ts) allow it.
    serviceWorkers: 'block',
    // A failed test keeps its trace: each step's DOM, without the screencast, which cost a
    // third of the browser's time.
    trace: { mode: 'retain-on-failure', screenshots: false },
    launchOptions: {
      executablePath: CHROMIUM,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-dev-shm-usage',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
      ],
    },
  },
  projects: databases.flatMap(({ name, port, specs }) => {
    const use = { ...devices['Desktop Chrome'], baseURL: `http://localhost:${port}` };
    return [
      // Signs up the shared reader (e2e/support/reader.ts) before the project's tests.
      { name: `${name}-setup`, testMatch: /\.setup\.ts$/, use },
      { name, testMatch: specs, dependencies: [`${name}-setup`], use },
    ];
  }),
  webServer: databases.map(({ name, port }) => ({
    command: `node e2e/support/start-server.mjs ${name} ${port}`,
    url: `http://localhost:${port}/api/analytics/top-venues`,
    timeout: 90_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
  })),
});
