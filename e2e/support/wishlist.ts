import { expect, type Page } from '@playwright/test';
import { signUp } from './accounts';
import { failUntilRecovered } from './failing-request';

/**
 * Signs someone new up and opens their wishlist while it fails to load; it loads again
 * once `recover` is called.
 */
export async function openFailingWishlist(page: Page): Promise<{ recover: () => void }> {
  await signUp(page);
  const wishlist = await failUntilRecovered(page, '**/api/users/me/wishlist');
  await page.goto('/wishlist');
  await expect(page.getByRole('heading', { name: 'Failed to load wishlist' })).toBeVisible();
  return wishlist;
}
