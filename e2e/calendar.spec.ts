/**
 * Calendar: "Add to calendar" on an upcoming concert downloads its .ics, and Settings'
 * "Calendar feed" shows the private address with Copy, Subscribe and Reset link; the feed lists what
 * the person saves.
 */
import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { violations } from './support/axe';
import { signUp } from './support/accounts';
import { listConcerts } from './support/concerts';

/** A local upcoming concert of the demo catalogue (with a time, so it is not all-day). */
async function upcomingConcert(page: Page) {
  const concerts = await listConcerts(page, { includeTicketmaster: 'false' });
  const concert = concerts.find((c) => !c.id.startsWith('tm_') && c.time);
  expect(concert).toBeDefined();
  return concert!;
}

const slug = (text: string) =>
  text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

const feedAddress = (page: Page) => page.getByLabel('Private feed address');

test('Add to calendar downloads the concert as an .ics named for the artist and day', async ({
  page,
}) => {
  await signUp(page);
  const concert = await upcomingConcert(page);
  await page.goto(`/concerts/${concert.id}`);
  await expect(page.getByRole('heading', { level: 1, name: concert.artist })).toBeVisible();

  const downloading = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Add to calendar' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`${slug(concert.artist)}-${concert.date}.ics`);
  const text = await readFile((await download.path())!, 'utf8');
  expect(text).toContain('BEGIN:VCALENDAR');
  expect(text).toContain(`SUMMARY:${concert.artist.replace(/([,;])/g, '\\$1')}`);
  expect(text).toMatch(
    new RegExp(`DTSTART;TZID=America/[A-Za-z_]+:${concert.date.replaceAll('-', '')}T\\d{6}`),
  );
});

test('Settings shows the private feed address: Copy copies it, Reset link replaces it', async ({
  page,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await signUp(page);
  const concert = await upcomingConcert(page);

  await page.goto('/settings');
  await expect(page.getByRole('heading', { name: 'Calendar feed' })).toBeVisible();
  const first = await feedAddress(page).inputValue();
  const origin = new URL(page.url()).origin;
  expect(first).toMatch(new RegExp(`^${origin}/api/calendar/[A-Za-z0-9_-]{43}\\.ics$`));

  await page.getByRole('button', { name: 'Copy', exact: true }).click();
  await expect(page.getByText('Feed link copied').first()).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(first);

  // The feed lists what the person saves, at the next read.
  const before = await page.request.get(first);
  expect(before.status()).toBe(200);
  expect(before.headers()['content-type']).toMatch(/^text\/calendar/);
  expect(await before.text()).not.toContain(`concert-${concert.id}@encore`);
  await page.goto(`/concerts/${concert.id}`);
  await page.getByRole('button', { name: 'Add to Wishlist' }).click();
  await expect(page.getByRole('button', { name: 'Wishlisted' })).toBeVisible();
  await expect
    .poll(async () => (await (await page.request.get(first)).text()).includes(concert.id), {
      timeout: 10_000,
    })
    .toBe(true);

  await page.goto('/settings');
  await expect(feedAddress(page)).toHaveValue(first);
  await expect(page.getByRole('link', { name: 'Subscribe' })).toHaveAttribute(
    'href',
    first.replace(/^https?:/, 'webcal:'),
  );
  await page.getByRole('button', { name: 'Reset link' }).click();
  const question = page.getByRole('alertdialog', { name: 'Reset your feed link?' });
  await question.getByRole('button', { name: 'Reset link' }).click();
  await expect(question).toBeHidden();
  await expect(feedAddress(page)).not.toHaveValue(first);
  const second = await feedAddress(page).inputValue();
  expect(second).toMatch(/\/api\/calendar\/[\w-]{43}\.ics$/);
  expect((await page.request.get(first)).status()).toBe(404);
  const fresh = await page.request.get(second);
  expect(fresh.status()).toBe(200);
  expect(await fresh.text()).toContain(`concert-${concert.id}@encore`);
});

for (const size of [
  { width: 1280, height: 900 },
  { width: 375, height: 812 },
]) {
  test(`Settings with its calendar and alert sections passes axe at ${size.width} px`, async ({
    page,
  }) => {
    await page.setViewportSize(size);
    await signUp(page);
    await page.goto('/settings');
    await expect(page.getByLabel('Private feed address')).toBeVisible();
    await expect(page.getByRole('group', { name: 'Cities' })).toBeVisible();
    await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
    expect(await violations(page)).toEqual([]);
  });
}
