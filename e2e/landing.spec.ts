import { expect, test } from '@playwright/test';
import { getStarted } from './support/accounts';

test.describe('landing page, signed out', () => {
  test('shows the pitch and the community favourites computed from reviews', async ({ page }) => {
    await page.goto('/');
    await expect(
      page
        .getByRole('button', { name: 'Get started' })
        .or(page.getByRole('link', { name: 'Get started' })),
    ).toBeVisible();
    const header = page.getByRole('banner');
    for (const link of ['Rankings', 'Sign in', 'Create account']) {
      await expect(header.getByRole('link', { name: link, exact: true })).toBeVisible();
    }
    await expect(page.getByRole('heading', { name: 'Community Favorites' })).toBeVisible();

    const venues = page.getByRole('list', { name: 'Top Rated Venues' });
    const artists = page.getByRole('list', { name: 'Top Rated Artists' });
    await expect(venues.getByRole('listitem')).toHaveCount(5);
    await expect(artists.getByRole('listitem')).toHaveCount(5);
    await expect(venues.getByRole('listitem').first()).toContainText(/(?<!\d)\d+ reviews?/);
    await expect(artists.getByRole('listitem').first()).toContainText(/Performance: \d\.\d/);
    await expect(
      page
        .getByRole('link', { name: 'Join the Community' })
        .or(page.getByRole('button', { name: 'Join the Community' })),
    ).toBeVisible();
  });

  test('Get started leads to /auth', async ({ page }) => {
    await getStarted(page);
    await expect(page.getByRole('button', { name: 'Continue with Your Account' })).toBeVisible();
  });

  test('protected pages send signed-out visitors to /auth, saying where they were going', async ({
    page,
  }) => {
    for (const path of ['/discover', '/wishlist', '/profile', '/settings']) {
      await page.goto(path);
      await expect(page).toHaveURL(`/auth?next=${encodeURIComponent(path)}`);
    }
  });

  test('an unknown path shows the 404 page', async ({ page }) => {
    await page.goto('/no/such/page');
    await expect(page.getByText('404 Page Not Found')).toBeVisible();
  });
});
