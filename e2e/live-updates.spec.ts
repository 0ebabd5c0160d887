/**
 * Live updates (GET /api/events): an open page hears what changes for its person without a
 * reload. On PostgreSQL the other person acts through a second instance of Encore on the
 * same database, as behind a load balancer; on the embedded database, through the same one.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { paths } from '../src/client/config/paths';
import { newPerson, signUpElsewhere, signUp } from './support/accounts';
import { AXE_WIDTHS, violations } from './support/axe';
import { pastConcert } from './support/concerts';

/** The second instance's port, this far above the project's own. */
const SECOND_INSTANCE_PORT_OFFSET = 10;

const notificationsLink = (page: Page) =>
  page
    .getByRole('navigation', { name: 'Main navigation' })
    .getByRole('link', { name: 'Notifications' });

/** Resolves once the page's live stream is open: what happens from then on, it hears. */
const liveStream = (page: Page) =>
  page.waitForResponse((response) => new URL(response.url()).pathname === '/api/events');

/** Someone else, signed up on `baseURL` (this page's server by default). */
const someoneElse = (page: Page, firstName: string, baseURL = new URL(page.url()).origin) =>
  signUpElsewhere(page.context().browser()!, baseURL, newPerson({ firstName }));

test.describe('a like, told live (through a second instance on PostgreSQL)', () => {
  // One worker runs the group, so one second instance runs for it.
  test.describe.configure({ mode: 'serial' });
  let second: { process: ChildProcess; dataDir: string; baseURL: string } | undefined;

  test.beforeAll(async () => {
    const testInfo = test.info();
    if (testInfo.project.name !== 'postgres') return;
    const first = new URL(testInfo.project.use.baseURL!);
    const port = Number(first.port) + SECOND_INSTANCE_PORT_OFFSET;
    // The database the project's server made (e2e/support/start-server.mjs).
    const databaseUrl = new URL(process.env.TEST_DATABASE_URL!);
    databaseUrl.pathname = `/encore_e2e_${first.port}`;
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'encore-e2e-second-'));
    const child = spawn(process.execPath, ['dist/server/main.js'], {
      stdio: ['ignore', 'ignore', 'inherit'],
      env: {
        ...process.env,
        PORT: String(port),
        HOST: 'localhost',
        DATA_DIR: dataDir,
        DATABASE_URL: databaseUrl.href,
        SEED_DEMO: '0',
        LOG_LEVEL: 'warn',
        SIGNUPS_PER_IP_PER_HOUR: '100000',
        SIGN_IN_ATTEMPTS_PER_ADDRESS: '100000',
        SIGN_IN_RATE_LIMIT: '100000',
      },
    });
    second = { process: child, dataDir, baseURL: `http://localhost:${port}` };
    await expect
      .poll(
        async () => {
          if (child.exitCode !== null) throw new Error('the second instance ended');
          return fetch(`${second!.baseURL}/readyz`).then(
            (response) => response.status,
            () => 0,
          );
        },
        { timeout: 60_000, intervals: [250] },
      )
      .toBe(200);
  });

  test.afterAll(() => {
    second?.process.kill('SIGTERM');
    if (second) rmSync(second.dataDir, { recursive: true, force: true });
  });

  test('a like raises the other person’s badge within 3 seconds, without a reload', async ({
    page,
  }) => {
    await signUp(page);
    const concert = await pastConcert(page, 2);
    const posted = await page.request.post('/api/reviews', {
      data: {
        concertId: concert.id,
        overallRating: 4,
        performanceRating: 4,
        soundRating: 4,
        venueRating: 4,
        valueRating: 4,
        reviewText: 'Every song sounded like the record, only louder.',
        media: [],
      },
    });
    expect(posted.ok()).toBe(true);
    const review = (await posted.json()) as { id: string };

    const streamOpen = liveStream(page);
    await page.goto(paths.discover);
    await streamOpen;
    await expect(notificationsLink(page)).not.toHaveAccessibleDescription(/unread/);
    await page.evaluate(() => Object.assign(window, { notReloaded: true }));

    const fan = await someoneElse(page, 'Fay', second?.baseURL);
    expect((await fan.page.request.post(`/api/reviews/${review.id}/like`)).ok()).toBe(true);
    await expect(notificationsLink(page)).toHaveAccessibleDescription('1 unread', {
      timeout: 3_000,
    });
    expect(await page.evaluate(() => 'notReloaded' in window)).toBe(true);
    await fan.context.close();
  });
});

test('a review by someone followed waits behind "1 new review" until asked for', async ({
  page,
}) => {
  await signUp(page);
  const author = await someoneElse(page, 'Otto');
  const authorId = ((await (await author.page.request.get('/api/user')).json()) as { id: string })
    .id;
  expect((await page.request.post(`/api/users/${authorId}/follow`)).ok()).toBe(true);

  const streamOpen = liveStream(page);
  await page.goto(paths.timeline);
  await streamOpen;
  await page.getByRole('tab', { name: 'Following' }).click();
  await expect(page.getByRole('heading', { name: 'Your timeline is quiet' })).toBeVisible();

  const concert = await pastConcert(page, 3);
  const text = 'They played the whole second album, in order, and then some.';
  const posted = await author.page.request.post('/api/reviews', {
    data: {
      concertId: concert.id,
      overallRating: 5,
      performanceRating: 5,
      soundRating: 4,
      venueRating: 4,
      valueRating: 5,
      reviewText: text,
      media: [],
    },
  });
  expect(posted.ok()).toBe(true);

  const waiting = page.getByRole('button', { name: '1 new review' });
  // The review reaches the timeline through its fan-out job.
  await expect(waiting).toBeVisible({ timeout: 20_000 });
  // Nothing moved under the reader while it waited.
  await expect(page.getByText(text)).toHaveCount(0);
  for (const { width, height } of AXE_WIDTHS) {
    await page.setViewportSize({ width, height });
    await expect(waiting).toBeVisible();
    expect(await violations(page), `at ${width} px`).toEqual([]);
  }
  await waiting.click();
  await expect(page.getByText(text)).toBeVisible();
  await expect(waiting).toHaveCount(0);
  await author.context.close();
});
