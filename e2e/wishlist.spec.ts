import { expect, test, type Page } from '@playwright/test';
import { signUp } from './support/accounts';
import { openFailingWishlist } from './support/wishlist';

async function saveFromDiscover(page: Page, index: number): Promise<string> {
  const card = page.getByRole('article').nth(index);
  const artist = await card.getByRole('heading').innerText();
  await card.getByRole('button', { name: 'Add to wishlist' }).click();
  // The name says the state; the heart is busy until the save is done.
  await expect(card.getByRole('button', { name: 'Remove from wishlist' })).not.toHaveAttribute(
    'aria-busy',
  );
  return artist;
}

test.describe('Wishlist', () => {
  test('a newcomer has nothing saved and is pointed to Discover', async ({ page }) => {
    await signUp(page);
    await page.goto('/wishlist');
    await expect(page.getByRole('heading', { name: 'My Wishlist' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'No concerts saved' })).toBeVisible();
    await page.getByRole('link', { name: 'Discover Concerts' }).click();
    await expect(page).toHaveURL(/\/discover$/);
  });

  test('saved concerts can be searched locally and removed with the heart', async ({ page }) => {
    await signUp(page);
    const first = await saveFromDiscover(page, 0);
    const second = await saveFromDiscover(page, 1);

    await page.goto('/wishlist');
    await expect(page.getByText('2 saved concerts', { exact: true })).toBeVisible();
    const cards = page.getByRole('article');
    await expect(cards).toHaveCount(2);

    const search = page.getByRole('searchbox', { name: 'Search your wishlist' });
    await search.fill(first);
    await expect(cards).toHaveCount(1);
    await expect(page.getByRole('article', { name: first })).toBeVisible();

    await search.fill('zzqx nothing like this');
    await expect(page.getByRole('heading', { name: 'No concerts found' })).toBeVisible();
    await page.getByRole('button', { name: 'Clear Search', exact: true }).click();
    await expect(cards).toHaveCount(2);

    await page
      .getByRole('article', { name: second })
      .getByRole('button', { name: 'Remove from wishlist' })
      .click();
    await expect(page.getByRole('article', { name: second })).toHaveCount(0);
    await expect(page.getByText('1 saved concert', { exact: true })).toBeVisible();
    await expect(page.getByText('Removed from wishlist', { exact: true }).first()).toBeVisible();

    await page.reload();
    await expect(page.getByRole('article', { name: first })).toBeVisible();
    await expect(page.getByRole('article', { name: second })).toHaveCount(0);
  });
});

test.describe('Wishlist on a phone (375 px)', () => {
  test.use({ viewport: { width: 375, height: 800 }, isMobile: true, hasTouch: true });

  test('shows saved concerts without sideways scrolling', async ({ page }) => {
    await signUp(page);
    const artist = await saveFromDiscover(page, 0);
    await page.goto('/wishlist');
    await expect(page.getByRole('article', { name: artist })).toBeVisible();
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
  });
});

test.describe('Wishlist failures', () => {
  test('a refused save rolls the heart back and says so', async ({ page }) => {
    await signUp(page);
    await page.route('**/api/wishlist', (route) =>
      route.request().method() === 'POST'
        ? route.fulfill({ status: 500, json: { message: 'Internal Server Error' } })
        : route.fallback(),
    );
    const card = page.getByRole('article').first();
    await card.getByRole('button', { name: 'Add to wishlist' }).click();
    await expect(
      page.getByText('Failed to add to wishlist', { exact: true }).first(),
    ).toBeVisible();
    await expect(card.getByRole('button', { name: 'Add to wishlist' })).not.toHaveAttribute(
      'aria-busy',
    );
  });

  test('a failing wishlist shows the error with a working Retry', async ({ page }) => {
    const wishlist = await openFailingWishlist(page);
    wishlist.recover();
    await page.getByRole('button', { name: 'Retry' }).click();
    await expect(page.getByRole('heading', { name: 'No concerts saved' })).toBeVisible();
  });
});
