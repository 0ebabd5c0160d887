/**
 * Links that open: a shared concert or review reads signed out, says how to sign in where
 * its controls would be, and sign-in (and sign-up, and onboarding) brings the visitor back
 * to it. A page that needs sign-in names itself on /auth.
 */
import { expect, test, type Page } from '@playwright/test';
import type { Review } from '../src/shared/schemas/reviews';
import { newPerson } from './support/accounts';
import { violations } from './support/axe';

const WIDTHS = [
  { name: 'desktop', width: 1280, height: 900 },
  { name: 'phone', width: 375, height: 812 },
  { name: 'small phone', width: 320, height: 640 },
];

/** A review anyone may read (the newest), and its concert. */
async function publicReview(page: Page): Promise<Review> {
  const response = await page.request.get('/api/reviews?sort=recent&limit=1');
  expect(response.ok()).toBe(true);
  const [review] = (await response.json()) as Review[];
  expect(review).toBeDefined();
  return review!;
}

async function expectNoViolationsInBothThemes(page: Page, ready: () => Promise<void>) {
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    await page.reload();
    await ready();
    expect(await violations(page), colorScheme).toEqual([]);
  }
}

for (const { name, width, height } of WIDTHS) {
  test.describe(`shared links, signed out (${name})`, () => {
    test.use({ viewport: { width, height } });

    test('a concert reads signed out, with its reviews and a way to sign in', async ({ page }) => {
      const review = await publicReview(page);
      await page.goto(`/concerts/${review.concertId}`);
      const signIn = page.getByRole('link', { name: 'Sign in to save, review or like' });
      const ready = async () => {
        await expect(
          page.getByRole('heading', { level: 1, name: review.concert.artist }),
        ).toBeVisible();
        await expect(signIn).toBeVisible();
        await expect(page.locator(`article[data-review-id="${review.id}"]`)).toBeVisible();
      };
      await ready();
      await expect(page.getByRole('button', { name: /Like review/ })).toHaveCount(0);
      await expectNoViolationsInBothThemes(page, ready);
    });

    test('a single review has its own page, linked from its time', async ({ page }) => {
      const review = await publicReview(page);
      await page.goto(`/concerts/${review.concertId}`);
      const card = page.locator(`article[data-review-id="${review.id}"]`);
      await card
        .getByRole('link', { name: /ago|just now|\d/ })
        .first()
        .click();
      await expect(page).toHaveURL(new RegExp(`/reviews/${review.id}$`));
      const ready = async () => {
        await expect(page.locator(`article[data-review-id="${review.id}"]`)).toBeVisible();
        await expect(
          page.getByRole('link', { name: 'Sign in to save, review or like' }),
        ).toBeVisible();
      };
      await ready();
      await expectNoViolationsInBothThemes(page, ready);
    });

    test('a review nobody may see says so', async ({ page }) => {
      await page.goto('/reviews/00000000-0000-4000-8000-000000000000');
      await expect(page.getByRole('heading', { name: 'Review not found' })).toBeVisible();
    });

    test('a page that needs sign-in names itself on /auth, and the provider page passes axe', async ({
      page,
    }) => {
      await page.goto('/wishlist');
      await expect(page).toHaveURL(/\/auth\?next=%2Fwishlist$/);
      const ready = async () =>
        expect(
          page.getByRole('heading', { name: 'Sign in to continue to your wishlist' }),
        ).toBeVisible();
      await ready();
      await expectNoViolationsInBothThemes(page, ready);
      // The provider's own pages, in both themes.
      await page.getByRole('button', { name: 'Continue with Your Account' }).click();
      await expect(page.getByLabel('Password')).toBeVisible();
      for (const colorScheme of ['light', 'dark'] as const) {
        await page.emulateMedia({ colorScheme });
        expect(await violations(page), `sign-in page, ${colorScheme}`).toEqual([]);
      }
      await page.getByRole('link', { name: 'Create an account' }).click();
      await expect(page.getByLabel('First name')).toBeVisible();
      for (const colorScheme of ['light', 'dark'] as const) {
        await page.emulateMedia({ colorScheme });
        expect(await violations(page), `create-account page, ${colorScheme}`).toEqual([]);
      }
    });
  });
}

test.describe('coming back after sign-in', () => {
  test('a shared concert link, through sign-up and onboarding, back to the concert', async ({
    page,
  }) => {
    const review = await publicReview(page);
    const concertPath = `/concerts/${review.concertId}`;
    await page.goto(concertPath);
    await page.getByRole('link', { name: 'Sign in to save, review or like' }).click();
    await expect(page).toHaveURL(`/auth?next=${encodeURIComponent(concertPath)}`);
    await expect(
      page.getByRole('heading', { name: 'Sign in to continue to this concert' }),
    ).toBeVisible();

    const person = newPerson({ lastName: '' });
    await page.getByRole('link', { name: 'Create an account' }).click();
    await page.getByLabel('First name').fill(person.firstName);
    await page.getByLabel('Last name').fill(person.lastName);
    await page.getByLabel('Email').fill(person.email);
    await page.getByLabel('Password').fill(person.password);
    await page.getByRole('button', { name: 'Create account' }).click();

    await expect(page).toHaveURL(new RegExp(`${concertPath}$`));
    const wizard = page.getByRole('dialog', { name: 'Complete your profile' });
    await expect(wizard).toBeVisible();
    await wizard.getByLabel('Last name').fill('Fields');
    await wizard.getByRole('button', { name: 'Next' }).click();
    await wizard.getByRole('button', { name: 'Next' }).click();
    await wizard.getByRole('button', { name: 'Next' }).click();
    await wizard.getByRole('button', { name: 'Complete Setup' }).click();
    await expect(wizard).toBeHidden();

    await expect(page).toHaveURL(new RegExp(`${concertPath}$`));
    await expect(
      page.getByRole('heading', { level: 1, name: review.concert.artist }),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: /Write Review|Review/ }).first()).toBeVisible();
  });

  test('the HTML of a shared concert carries its preview tags', async ({ page }) => {
    const review = await publicReview(page);
    const html = await (await page.request.get(`/concerts/${review.concertId}`)).text();
    expect(html).toContain('<meta property="og:title"');
    expect(html).toContain('<meta property="og:description"');
    expect(html).toContain('<meta name="twitter:card"');
  });

  test('the landing header offers the public pages', async ({ page }) => {
    await page.goto('/');
    const header = page.getByRole('banner');
    await expect(
      header
        .getByRole('link', { name: 'Rankings' })
        .or(header.getByRole('button', { name: /menu/i })),
    ).toBeVisible();
    for (const bouncing of ['Discover', 'Timeline', 'Reviews']) {
      await expect(header.getByRole('link', { name: bouncing, exact: true })).toHaveCount(0);
    }
  });
});
