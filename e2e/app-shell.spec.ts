import { expect, test, type Page } from '@playwright/test';
import { paths } from '../src/client/config/paths';
import { signUp } from './support/accounts';
import { settle, violations } from './support/axe';
import { signedInReader } from './support/reader';

/**
 * Each control of the phone's tab bar and header is at least 44 × 44 px, and no tab's label
 * wraps onto a second line.
 */
async function expectFingerSized(page: Page) {
  const controls = page.locator(
    '[data-mobile-tab-bar] a, [data-mobile-tab-bar] button, header[class*="sticky"] a, header[class*="sticky"] button',
  );
  for (const control of await controls.all()) {
    if (!(await control.isVisible())) continue;
    const box = (await control.boundingBox())!;
    const name = (await control.getAttribute('aria-label')) ?? (await control.textContent());
    expect(box.width, `${name} width`).toBeGreaterThanOrEqual(44);
    expect(box.height, `${name} height`).toBeGreaterThanOrEqual(44);
  }
  // Labels do not wrap (nowrap); one too long would spill out of its own tab.
  for (const label of await page.locator('[data-mobile-tab-bar] li span').all()) {
    const spill = await label.evaluate((span) => {
      const own = span.getBoundingClientRect();
      const tab = span.closest('li')!.getBoundingClientRect();
      return Math.max(tab.left - own.left, own.right - tab.right, 0);
    });
    expect(spill, `${await label.textContent()} spills out of its tab`).toBe(0);
  }
}

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
    await nav.getByRole('link', { name: /My Reviews/ }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'My Reviews' })).toBeVisible();
    await nav.getByRole('link', { name: /Rankings/ }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Rankings' })).toBeVisible();
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
    for (const name of ['Timeline', 'Friends', 'Discover']) {
      await expect(tabs.getByRole('link', { name })).toBeVisible();
    }
    await expect(tabs.getByRole('button', { name: 'More' })).toBeVisible();
    await expect(tabs.getByRole('link', { name: 'Discover' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await tabs.getByRole('link', { name: 'Friends' }).click();
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

for (const width of [375, 320]) {
  test.describe(`the phone's tab bar at ${width} px`, () => {
    test.use({
      storageState: signedInReader,
      viewport: { width, height: 740 },
      colorScheme: width === 320 ? 'dark' : 'light',
      isMobile: true,
      hasTouch: true,
    });

    test('"More" opens every other page, and each tab and header control is a finger wide', async ({
      page,
    }) => {
      await page.goto(paths.discover);
      await settle(page);
      await expectFingerSized(page);

      const more = page
        .getByRole('navigation', { name: 'Mobile navigation' })
        .getByRole('button', { name: 'More' });
      await more.click();
      const sheet = page.getByRole('dialog', { name: 'More' });
      for (const name of [
        'Profile',
        'Wishlist',
        'My Reviews',
        'Notifications',
        'Rankings',
        'Settings',
        'Help & Support',
      ]) {
        await expect(sheet.getByRole('link', { name: new RegExp(`^${name}`) })).toBeVisible();
      }
      expect(await violations(page), 'the More sheet').toEqual([]);
      await sheet.getByRole('link', { name: /^My Reviews/ }).click();
      await expect(page).toHaveURL(/\/reviews$/);
      await expect(page.getByRole('heading', { level: 1, name: 'My Reviews' })).toBeVisible();
      await expect(sheet).toBeHidden();
      await expect(more).toHaveClass(/text-primary/);

      await more.click();
      await page.keyboard.press('Escape');
      await expect(sheet).toBeHidden();
      await expect(more).toBeFocused();
    });
  });
}
