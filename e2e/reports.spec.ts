import { expect, test, type Browser } from '@playwright/test';
import { findablePerson, signUp } from './support/accounts';
import { pastConcert } from './support/concerts';
import { postReview } from './support/reviews';

async function otherContext(browser: Browser) {
  const context = await browser.newContext();
  return { context, page: await context.newPage() };
}

test('report someone’s review and profile with the keyboard; mute them, unmute in Settings', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  // The author writes a review of a concert other browser tests leave alone.
  const author = findablePerson('Rory', 'Loud');
  const authorName = `${author.firstName} ${author.lastName}`;
  const other = await otherContext(browser);
  await signUp(other.page, author);
  const concert = await pastConcert(other.page, 20);
  await postReview(other.page, concert.id, 'Buy cheap tickets from me, every show, any night!');
  // An author is never offered Report on their own review.
  const own = other.page.getByRole('article', { name: `Review by ${authorName}` });
  await expect(own).toBeVisible();
  await expect(own.getByRole('button', { name: /^Report/ })).toHaveCount(0);
  await other.context.close();

  await signUp(page);
  await page.goto(`/concerts/${concert.id}`);
  const review = page.getByRole('article', { name: `Review by ${authorName}` });
  const reportReview = review.getByRole('button', { name: `Report review by ${authorName}` });
  await reportReview.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Report review' });
  await expect(dialog).toBeVisible();
  // Keyboard only: to the first reason, then Spam is chosen with Space.
  await dialog.getByRole('radio', { name: /^Spam/ }).focus();
  await page.keyboard.press('Space');
  await expect(dialog.getByRole('radio', { name: /^Spam/ })).toBeChecked();
  await page.keyboard.press('Tab');
  await expect(dialog.getByLabel('Details (optional)')).toBeFocused();
  await page.keyboard.type('Selling tickets in every review');
  await dialog.getByRole('button', { name: 'Send report' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByText('Report sent', { exact: true })).toBeVisible();
  await expect(dialog).toHaveCount(0);
  await expect(reportReview).toBeFocused();

  // Their profile's More menu: Mute, and later Report.
  await review.getByRole('link', { name: authorName }).click();
  await expect(
    page.getByRole('heading', { level: 1, name: `${authorName}'s profile` }),
  ).toBeVisible();
  const more = page.getByRole('button', { name: 'More' });
  await more.click();
  await page.getByRole('menuitem', { name: 'Mute', exact: true }).click();
  await expect(page.getByText(`${authorName} muted`, { exact: true })).toBeVisible();
  // Settings lists them under Muted accounts, with Unmute.
  const profileUrl = page.url();
  await page.goto('/settings');
  const muted = page.getByRole('list', { name: 'Muted accounts' });
  await expect(muted.getByText(authorName)).toBeVisible();
  await muted.getByRole('button', { name: `Unmute ${authorName}` }).click();
  await expect(page.getByText(`${authorName} unmuted`, { exact: true })).toBeVisible();
  await expect(page.getByText('You have not muted anyone.')).toBeVisible();
  await page.goto(profileUrl);
  await more.click();
  await expect(page.getByRole('menuitem', { name: 'Mute', exact: true })).toBeVisible();
  await page.keyboard.press('Escape');

  await more.click();
  await page.getByRole('menuitem', { name: 'Report' }).click();
  const profileDialog = page.getByRole('dialog', { name: `Report ${authorName}` });
  await expect(profileDialog).toBeVisible();
  await profileDialog.getByRole('button', { name: 'Send report' }).click();
  await expect(profileDialog.getByText('Choose a reason')).toBeVisible();
  await profileDialog.getByText('Harassment', { exact: true }).click();
  await profileDialog.getByRole('button', { name: 'Send report' }).click();
  await expect(profileDialog).toHaveCount(0);
  await expect(page.getByText('Report sent', { exact: true }).first()).toBeVisible();
  await expect(more).toBeFocused();
});
