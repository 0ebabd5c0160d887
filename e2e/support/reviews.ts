import { expect, type Locator, type Page } from '@playwright/test';

/** The review dialog, writing a new review or editing one. */
export const reviewDialog = (page: Page) => page.getByRole('dialog', { name: /Concert Review$/ });

/** Opens the review dialog from a concert's page with its Write Review button. */
export async function openReviewDialog(page: Page): Promise<Locator> {
  await page.getByRole('button', { name: 'Write Review' }).click();
  return reviewDialog(page);
}

/** Writes a review of the concert from its page, through the dialog, and waits for it to close. */
export async function postReview(page: Page, concertId: string, text: string): Promise<void> {
  await page.goto(`/concerts/${concertId}`);
  const dialog = await openReviewDialog(page);
  await dialog.getByLabel('Your review').fill(text);
  await dialog.getByRole('button', { name: 'Post Review' }).click();
  await expect(dialog).toHaveCount(0);
}

/**
 * In the open comments dialog `comments`, deletes the one comment `comment` holds: Delete, the
 * question, Delete again; then the dialog says it has none.
 */
export async function deleteOnlyComment(comments: Locator, comment: Locator): Promise<void> {
  await comment.getByRole('button', { name: 'Delete' }).click();
  await expect(comments.getByText('Are you sure you want to delete this comment?')).toBeVisible();
  await comments.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(
    comments.getByText('No comments yet. Be the first to share your thoughts!'),
  ).toBeVisible();
}
