/**
 * Encore on the home screen: what makes it installable, a "Going" show readable offline at
 * the door, writes that say they could not go out, the update prompt, and sign-out leaving
 * nothing of the person in the service worker's caches.
 */
import { readFile, rm, writeFile } from 'node:fs/promises';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { signUp } from './support/accounts';
import { AXE_WIDTHS, violations } from './support/axe';
import { dayKey, listConcerts } from './support/concerts';

test.use({ serviceWorkers: 'allow' });

const PERSONAL_CACHES = ['encore-answers', 'encore-pages'];

/** The service worker's registration once it controls the page. */
async function controlled(page: Page) {
  return page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    if (!navigator.serviceWorker.controller) {
      await new Promise((resolve) =>
        navigator.serviceWorker.addEventListener('controllerchange', resolve, { once: true }),
      );
    }
    return { scope: registration.scope, script: registration.active?.scriptURL };
  });
}

/** axe finds nothing in the whole page, status included, at a desktop's width and a phone's. */
async function expectNoViolationsAtEachWidth(page: Page, shown: Locator) {
  const before = page.viewportSize();
  for (const { width, height } of AXE_WIDTHS) {
    await page.setViewportSize({ width, height });
    await expect(shown).toBeVisible();
    expect(await violations(page), `at ${width} px`).toEqual([]);
  }
  if (before) await page.setViewportSize(before);
}

const cacheNames = (page: Page) => page.evaluate(() => caches.keys());

const kept = (page: Page, cacheName: string, path: string) =>
  page.evaluate(
    async ([name, url]) => Boolean(await (await caches.open(name!)).match(url!)),
    [cacheName, path],
  );

async function upcomingConcert(page: Page) {
  const [concert] = await listConcerts(page, { startDate: dayKey(7), genre: 'rock' });
  expect(concert, 'an upcoming demo concert').toBeDefined();
  return concert!;
}

test('meets Chromium’s install criteria: the manifest it links, its icons, a service worker for the whole site', async ({
  page,
  baseURL,
}) => {
  // The manifest's fields and icons are the server's tests (plugins/client.test.ts); here
  // the browser judges them, as its install prompt (and Lighthouse before 12) does.
  await page.goto('/');
  await expect(page.locator('link[rel="manifest"]')).toHaveAttribute(
    'href',
    '/manifest.webmanifest',
  );
  expect(await controlled(page)).toEqual({ scope: `${baseURL}/`, script: `${baseURL}/sw.js` });
  const devtools = await page.context().newCDPSession(page);
  const { installabilityErrors } = await devtools.send('Page.getInstallabilityErrors');
  // Every Playwright context is incognito, where nothing installs; Lighthouse, which ran in
  // one too, set this one reason aside the same way.
  expect(installabilityErrors.filter((error) => error.errorId !== 'in-incognito')).toEqual([]);
  const { errors } = await devtools.send('Page.getAppManifest');
  expect(errors).toEqual([]);
});

test('opens a "Going" show offline with what was saved, and a write offline says so', async ({
  page,
  context,
}) => {
  await signUp(page);
  const concert = await upcomingConcert(page);
  const marked = await page.request.put(`/api/concerts/${concert.id}/attendance`, {
    data: { status: 'going' },
  });
  expect(marked.ok()).toBe(true);
  await page.reload();
  await controlled(page);
  // Once the worker runs, the page reads the person's upcoming shows so that it keeps them.
  await expect
    .poll(() => kept(page, 'encore-answers', `/api/concerts/${concert.id}`), { timeout: 20_000 })
    .toBe(true);

  await context.setOffline(true);
  await page.goto(`/concerts/${concert.id}`);
  await expect(page.getByRole('heading', { level: 1, name: concert.artist })).toBeVisible();
  const offline = page.getByRole('status').filter({ hasText: "You're offline" });
  await expect(offline).toContainText(
    /You're offline — showing what was saved (just now|\d+ min ago)/,
  );
  await expectNoViolationsAtEachWidth(page, offline);

  await page.getByRole('button', { name: 'Add to Wishlist' }).click();
  await expect(
    page.getByText('Nothing was saved. Try again once you are back online.').first(),
  ).toBeVisible();

  await context.setOffline(false);
  await expect(page.getByText("You're offline", { exact: false })).toHaveCount(0);
});

test('offline with the person not kept, a page opens signed out and does not ask again and again', async ({
  page,
  context,
}) => {
  await signUp(page);
  await controlled(page);
  const concert = await upcomingConcert(page);
  await page.evaluate(async () => (await caches.open('encore-answers')).delete('/api/user'));
  await context.setOffline(true);
  let asked = 0;
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/user') asked++;
  });
  await page.goto(`/concerts/${concert.id}`);
  await expect(page.getByRole('status').filter({ hasText: "You're offline" })).toBeVisible();
  await expect(page.getByRole('link', { name: /Sign in/ }).first()).toBeVisible();
  await expect(
    page
      .getByText('Failed to load concert')
      .or(page.getByRole('heading', { level: 1, name: concert.artist })),
  ).toBeVisible();
  // Once for the page (and maybe once more for a part mounting before it failed), not in a loop.
  expect(asked).toBeLessThanOrEqual(2);
});

test('signing out leaves nothing of the person in the offline caches', async ({ page }) => {
  await signUp(page);
  await controlled(page);
  await page.reload();
  await expect
    .poll(async () => kept(page, 'encore-answers', '/api/user'), { timeout: 20_000 })
    .toBe(true);

  await page.goto('/settings');
  await page.getByRole('main').getByRole('button', { name: 'Sign Out' }).click();
  await expect(page).toHaveURL(/\/auth$/);
  const left = await cacheNames(page);
  for (const name of PERSONAL_CACHES) {
    if (left.includes(name)) expect(await kept(page, name, '/api/user'), name).toBe(false);
  }
});

test('a new version waits for "Reload"', async ({ page }) => {
  await page.goto('/');
  await controlled(page);
  // The next build: the worker the server sends differs from the one installed.
  const putBack = await nextServiceWorkerBuild();
  const prompt = page.getByRole('status').filter({ hasText: 'A new version of Encore is ready' });
  try {
    await page.evaluate(async () => (await navigator.serviceWorker.ready).update());
    await expect(prompt).toBeVisible();
  } finally {
    await putBack();
  }
  await expectNoViolationsAtEachWidth(page, prompt);
  await prompt.getByRole('button', { name: 'Reload' }).click();
  await page.waitForEvent('load');
  await expect(prompt).toHaveCount(0);
  expect(
    await page.evaluate(async () => Boolean((await navigator.serviceWorker.ready).waiting)),
  ).toBe(false);
});

/**
 * Has the server send a changed /sw.js (the built file and its precompressed copies) until
 * the function it answers puts the build back. Only this spec's pages run service workers, and any of its own that installs
 * the changed one meanwhile gets a worker that works the same.
 */
async function nextServiceWorkerBuild(): Promise<() => Promise<void>> {
  const files = ['dist/client/sw.js', 'dist/client/sw.js.br', 'dist/client/sw.js.gz'];
  const originals = await Promise.all(files.map((file) => readFile(file).catch(() => undefined)));
  const next = Buffer.concat([originals[0]!, Buffer.from('\n// the next version\n')]);
  await writeFile(files[0]!, next);
  await writeFile(files[1]!, brotliCompressSync(next));
  await writeFile(files[2]!, gzipSync(next));
  return async () => {
    await Promise.all(
      files.map((file, n) =>
        originals[n] ? writeFile(file, originals[n]) : rm(file, { force: true }),
      ),
    );
  };
}
