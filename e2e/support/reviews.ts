import { expect, type Page } from '@playwright/test';

/** Writes a review of the concert from its page, through the dialog, and waits for it to close. */
export async function postReview(page: Page, concertId: string, text: string): Promise<void> {
  await page.goto(`/concerts/${concertId}`);
  await page.getByRole('button', { name: 'Write Review' }).click();
  const dialog = page.getByRole('dialog', { name: /Concert Review$/ });
  await dialog.getByLabel('Your review').fill(text);
  await dialog.getByRole('button', { name: 'Post Review' }).click();
  await expect(dialog).toHaveCount(0);
}
