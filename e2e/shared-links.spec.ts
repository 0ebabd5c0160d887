/**
 * Links that open: a shared concert or review reads signed out, says how to sign in where
 * its controls would be, and sign-in (and sign-up, and onboarding) brings the visitor back
 * to it. A page that needs sign-in names itself on /auth.
 */
import { expect, test, type Page } from '@playwright/test';
import { CITIES, GENRES } from '../src/shared/limits';
import type { Review } from '../src/shared/schemas/reviews';
import type { CurrentUser, FollowedArtist } from '../src/shared/schemas/users';
import { newPerson, onboardingWizard } from './support/accounts';
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

    const person = newPerson();
    await page.getByRole('link', { name: 'Create an account' }).click();
    await page.getByLabel('First name').fill(person.firstName);
    await page.getByLabel('Last name').fill(person.lastName);
    await page.getByLabel('Email').fill(person.email);
    await page.getByLabel('Password').fill(person.password);
    await page.getByRole('button', { name: 'Create account' }).click();

    // The onboarding opens over the concert: username, city, genres, then follows.
    await expect(page).toHaveURL(new RegExp(`${concertPath}$`));
    const wizard = onboardingWizard(page);
    await expect(wizard.getByText('Step 1 of 4: Username')).toBeVisible();
    const username = `fan_${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
    await wizard.getByLabel('Username', { exact: true }).fill(username);
    await expect(wizard.getByText('Username is available')).toBeVisible();
    await wizard.getByRole('button', { name: 'Next' }).click();

    await expect(wizard.getByText('Step 2 of 4: City')).toBeVisible();
    const city = CITIES.find((c) => c.name === review.concert.city) ?? CITIES[0];
    await wizard
      .getByLabel('City', { exact: true })
      .selectOption({ label: `${city.name}, ${city.state}` });
    await wizard.getByRole('button', { name: 'Next' }).click();

    await expect(wizard.getByText('Step 3 of 4: Favourite genres')).toBeVisible();
    const genre = GENRES.find((g) => g.slug === review.concert.genre) ?? GENRES[0];
    await wizard.getByRole('button', { name: genre.name, exact: true }).click();
    await expect(wizard.getByRole('button', { name: genre.name, exact: true })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await wizard.getByRole('button', { name: 'Next' }).click();

    await expect(wizard.getByText('Step 4 of 4: Follow')).toBeVisible();
    const artists = wizard.getByRole('list').first();
    const follow = artists.getByRole('button', { name: /^Follow / }).first();
    const artist = (await follow.textContent())!.replace(/^Follow\s*/, '').trim();
    await follow.click();
    await expect(wizard.getByRole('button', { name: `Following ${artist}` })).toBeVisible();
    await wizard.getByRole('button', { name: 'Finish' }).click();
    await expect(wizard).toBeHidden();
    await expect(page.getByText('Welcome to Encore, Robin!', { exact: true })).toBeVisible();

    await expect(page).toHaveURL(new RegExp(`${concertPath}$`));
    await expect(
      page.getByRole('heading', { level: 1, name: review.concert.artist }),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: /Write Review|Review/ }).first()).toBeVisible();

    const me = (await (await page.request.get('/api/user')).json()) as CurrentUser;
    expect(me).toMatchObject({
      username,
      location: `${city.name}, ${city.state}`,
      favoriteGenres: [genre.slug],
      onboardingStep: null,
    });
    const followed = (await (
      await page.request.get(`/api/users/${me.id}/artists`)
    ).json()) as FollowedArtist[];
    expect(followed.map((a) => a.name)).toContain(artist);
    // Finished: the next visit does not bring it back.
    await page.reload();
    await expect(
      page.getByRole('heading', { level: 1, name: review.concert.artist }),
    ).toBeVisible();
    await expect(wizard).toHaveCount(0);
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
