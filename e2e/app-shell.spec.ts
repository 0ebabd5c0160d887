import { expect, test } from '@playwright/test';
import { signUp } from './support/accounts';

test.describe('signed-in layout', () => {
  test('Ctrl+B collapses and expands the sidebar, and the choice survives a reload', async ({
    page,
  }) => {
    await signUp(page);
    const sidebar = page.locator('[data-state][data-collapsible]').first();
    await expect(sidebar).toHaveAttribute('data-state', 'expanded');
    await page.keyboard.press('Control+b');
    await expect(sidebar).toHaveAttribute('data-state', 'collapsed');
    await page.reload();
    await expect(page.locator('[data-state][data-collapsible]').first()).toHaveAttribute(
      'data-state',
      'collapsed',
    );
    await page.keyboard.press('Control+b');
    await expect(page.locator('[data-state][data-collapsible]').first()).toHaveAttribute(
      'data-state',
      'expanded',
    );
  });

  test('every sidebar page is reachable and titled', async ({ page }) => {
    await signUp(page);
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    await nav.getByRole('link', { name: /Timeline/ }).click();
    await expect(page).toHaveURL(/\/timeline$/);
    await expect(page.getByRole('heading', { name: 'Social Timeline' })).toBeVisible();
    await nav.getByRole('link', { name: /Wishlist/ }).click();
    await expect(page.getByRole('heading', { name: 'My Wishlist' })).toBeVisible();
    await nav.getByRole('link', { name: /Profile/ }).click();
    await expect(page.getByRole('heading', { name: 'My Profile' })).toBeVisible();
    await page.getByRole('link', { name: 'Settings' }).click();
    await expect(page).toHaveURL(/\/settings$/);
  });

  test('moves focus to the new page heading after a client-side navigation', async ({ page }) => {
    await signUp(page);
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    await nav.getByRole('link', { name: /Wishlist/ }).click();
    await expect(page.getByRole('heading', { name: 'My Wishlist', level: 1 })).toBeFocused();
    await nav.getByRole('link', { name: /Timeline/ }).click();
    await expect(page.getByRole('heading', { name: 'Social Timeline', level: 1 })).toBeFocused();
  });

  test('the theme toggle switches to dark, remembers it and saves it with the account', async ({
    page,
  }) => {
    await page.emulateMedia({ colorScheme: 'light' });
    await signUp(page);
    const html = page.locator('html');
    await expect(html).not.toHaveClass(/dark/);
    await page.getByRole('button', { name: 'Toggle theme' }).click();
    await expect(html).toHaveClass(/dark/);
    await expect
      .poll(async () => (await (await page.request.get('/api/users/me/settings')).json()) as object)
      .toMatchObject({ theme: 'dark' });
    await page.reload();
    await expect(html).toHaveClass(/dark/);
    await page.goto('/settings');
    await expect(page.getByRole('switch', { name: 'Dark mode' })).toBeChecked();
  });

  test('the 404 page shows inside the layout when signed in', async ({ page }) => {
    await signUp(page);
    await page.goto('/nowhere-at-all');
    await expect(page.getByText('404 Page Not Found')).toBeVisible();
  });
});

test.describe('on a phone (375 px)', () => {
  test.use({ viewport: { width: 375, height: 800 }, isMobile: true, hasTouch: true });

  test('shows the bottom tab bar and opens the sidebar as a sheet', async ({ page }) => {
    await signUp(page);
    const tabs = page.getByRole('navigation', { name: 'Mobile navigation' });
    await expect(tabs).toBeVisible();
    for (const name of ['Timeline', 'Find Friends', 'Discover', 'Profile']) {
      await expect(tabs.getByRole('link', { name })).toBeVisible();
    }
    await expect(tabs.getByRole('link', { name: 'Discover' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await tabs.getByRole('link', { name: 'Find Friends' }).click();
    await expect(page).toHaveURL(/\/search-users$/);
    // The centre button opens the review dialog wherever the person is.
    await tabs.getByRole('button', { name: 'Write a review' }).click();
    const writing = page.getByRole('dialog', { name: 'Write a Concert Review' });
    await expect(writing).toBeVisible();
    await writing.getByRole('button', { name: 'Cancel' }).click();
    await expect(writing).toHaveCount(0);
    await expect(page).toHaveURL(/\/search-users$/);

    await page.getByRole('button', { name: 'Toggle Sidebar' }).click();
    const sheet = page.getByRole('dialog');
    await expect(sheet.getByRole('link', { name: /Wishlist/ })).toBeVisible();
    await sheet.getByRole('link', { name: /Wishlist/ }).click();
    await expect(page).toHaveURL(/\/wishlist$/);
    await expect(page.getByRole('dialog')).toBeHidden();
  });

  test('hides the tab bar on desktop widths', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await signUp(page);
    await expect(page.getByRole('navigation', { name: 'Mobile navigation' })).toBeHidden();
  });
});
