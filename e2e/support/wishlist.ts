import { expect, type Page } from '@playwright/test';
import { signUp } from './accounts';

/**
 * Signs someone new up and opens their wishlist while it fails to load; it loads again
 * once `recover` is called.
 */
export async function openFailingWishlist(page: Page): Promise<{ recover: () => void }> {
  await signUp(page);
  let failing = true;
  await page.route('**/api/users/me/wishlist', (route) =>
    failing ? route.fulfill({ status: 500, body: 'boom' }) : route.fallback(),
  );
  await page.goto('/wishlist');
  await expect(page.getByRole('heading', { name: 'Failed to load wishlist' })).toBeVisible();
  return {
    recover: () => {
      failing = false;
    },
  };
}
