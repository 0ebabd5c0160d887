/**
 * Year in review: reached from the profile's link, kind about an empty year, readable
 * signed out when public, and clean under axe at desktop and phone widths.
 */
import { expect, test, type Page } from '@playwright/test';
import type { YearInReview } from '../src/shared/schemas/years';
import { newPerson, signUp } from './support/accounts';
import { settle, violations } from './support/axe';
import { signedInReader } from './support/reader';

/** A person of the demo catalogue with years of shows. */
const DEMO_USERNAME = 'mayasees_shows';
const THIS_YEAR = new Date().getFullYear();

/** The latest year the demo person has shows in, as the profile's link chooses it. */
async function demoYear(page: Page): Promise<number> {
  const response = await page.request.get(`/api/users/username/${DEMO_USERNAME}/years`);
  expect(response.ok()).toBe(true);
  const { years } = (await response.json()) as { years: number[] };
  expect(years.length).toBeGreaterThan(0);
  return years.includes(THIS_YEAR) ? THIS_YEAR : years[0]!;
}

test.describe('Year in review', () => {
  test('a newcomer reaches their empty year from the profile, and it says so kindly', async ({
    page,
  }) => {
    await signUp(page, newPerson({ firstName: 'Juno' }));
    await page.getByRole('link', { name: 'Profile' }).first().click();
    await page.getByRole('link', { name: /Year in review/ }).click();
    await expect(page).toHaveURL(new RegExp(`/profile/year/${THIS_YEAR}$`));
    await expect(
      page.getByRole('heading', { level: 1, name: `Your ${THIS_YEAR} in concerts` }),
    ).toBeVisible();
    await expect(page.getByText(`No shows in ${THIS_YEAR} yet`)).toBeVisible();

    await page.goto('/profile/year/1990');
    await expect(page.getByText('No shows in 1990 yet')).toBeVisible();
  });

  test.describe('signed in', () => {
    test.use({ storageState: signedInReader });

    test("someone's year from their profile: figures, months, averages and standouts", async ({
      page,
    }) => {
      const year = await demoYear(page);
      const data = (await (
        await page.request.get(`/api/users/username/${DEMO_USERNAME}/year/${year}`)
      ).json()) as YearInReview;
      await page.goto(`/users/${DEMO_USERNAME}`);
      await page.getByRole('link', { name: /Year in review/ }).click();
      await expect(page).toHaveURL(new RegExp(`/users/${DEMO_USERNAME}/year/${year}$`));
      await expect(page.getByRole('heading', { level: 1 })).toContainText(`${year} in concerts`);
      const figures = page.locator('dl').first();
      await expect(figures).toContainText(String(data.showsAttended));
      await expect(figures).toContainText(
        data.showsAttended === 1 ? 'show attended' : 'shows attended',
      );
      await expect(page.getByRole('heading', { name: 'Shows by month' })).toBeVisible();
      await expect(
        page.getByRole('table', { name: 'Ratings against the community' }),
      ).toBeVisible();
      await expect(page.getByRole('heading', { name: 'Top show' })).toBeVisible();
      await expect(page.getByRole('link', { name: data.topShow!.artist }).first()).toBeVisible();
      await expect(page.getByRole('heading', { name: 'Most-seen artist' })).toBeVisible();
    });

    for (const size of [
      { name: 'desktop', width: 1280, height: 900 },
      { name: 'phone', width: 375, height: 812 },
    ]) {
      test(`no axe violations at ${size.name} width, full and empty`, async ({ page }) => {
        await page.setViewportSize({ width: size.width, height: size.height });
        const year = await demoYear(page);
        for (const path of [
          `/users/${DEMO_USERNAME}/year/${year}`,
          `/users/${DEMO_USERNAME}/year/1990`,
        ]) {
          await page.goto(path);
          await settle(page);
          await expect(page.getByRole('heading', { level: 1 })).toContainText('in concerts');
          expect(await violations(page), path).toEqual([]);
        }
      });
    }
  });

  test('a public year is readable signed out, and its HTML names its picture', async ({ page }) => {
    const year = await demoYear(page);
    const response = await page.goto(`/users/${DEMO_USERNAME}/year/${year}`);
    expect(await response!.text()).toContain(
      `/api/users/username/${DEMO_USERNAME}/year/${year}/image.png`,
    );
    await expect(page.getByRole('heading', { level: 1 })).toContainText(`${year} in concerts`);
    await expect(page.getByRole('link', { name: /Sign in/ }).first()).toBeVisible();
    const image = await page.request.get(
      `/api/users/username/${DEMO_USERNAME}/year/${year}/image.png`,
    );
    expect(image.headers()['content-type']).toBe('image/png');
    await settle(page);
    for (const width of [1280, 375]) {
      await page.setViewportSize({ width, height: 900 });
      expect(await violations(page), `${width} px`).toEqual([]);
    }
    await page.screenshot({ path: 'test-results/year-in-review-signed-out.png', fullPage: true });
  });
});
