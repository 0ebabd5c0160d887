import { expect, test, type Locator, type Page } from '@playwright/test';
import { newPerson, signIn, signUp } from './support/accounts';
import { openPastConcert } from './support/concerts';
import { PNG } from './support/media';

/** Concerts of their own (other specs review the most recent ones), so tests never meet. */
const openOwnPastConcert = (page: Page, n: number) => openPastConcert(page, 20 + n);

const reviewDialog = (page: Page) => page.getByRole('dialog', { name: 'Write a Concert Review' });
const discardPrompt = (page: Page) =>
  page.getByRole('alertdialog', { name: 'Discard this review?' });

async function openWriteReview(page: Page) {
  await page.getByRole('button', { name: 'Write Review' }).click();
  const dialog = reviewDialog(page);
  await expect(dialog).toBeVisible();
  return dialog;
}

test.describe('Writing a review', () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test('closing on typed text asks first: keep editing, save a draft or discard it', async ({
    page,
  }) => {
    await signUp(page, newPerson({ firstName: 'Wren' }));
    const concert = await openOwnPastConcert(page, 0);
    const text = 'The support act stole the show, then the rain came.';
    const draftOffer = (dialog: Locator) =>
      dialog.getByText(`Continue your draft of ${concert.artist}?`);

    // Untouched, the dialog closes at once.
    let dialog = await openWriteReview(page);
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    await expect(discardPrompt(page)).toHaveCount(0);

    // Escape on typed text asks; Keep editing goes back to the text as it was.
    dialog = await openWriteReview(page);
    const overall = dialog.getByRole('slider', { name: 'Overall rating' });
    await overall.focus();
    await overall.press('ArrowLeft');
    const textBox = dialog.getByLabel('Your review');
    await textBox.fill(text);
    await page.keyboard.press('Escape');
    const prompt = discardPrompt(page);
    await expect(prompt).toBeVisible();
    await expect(prompt.getByRole('button', { name: 'Keep editing' })).toBeFocused();
    await expect(prompt.getByRole('button', { name: 'Save draft' })).toBeVisible();
    await expect(prompt.getByRole('button', { name: 'Discard' })).toBeVisible();
    await prompt.getByRole('button', { name: 'Keep editing' }).click();
    await expect(prompt).toHaveCount(0);
    await expect(dialog).toBeVisible();
    await expect(textBox).toHaveValue(text);
    await expect(textBox).toBeFocused();
    await expect(overall).toHaveAttribute('aria-valuenow', '4.5');

    // The close button asks too; Save draft keeps it and says where, and Write Review offers it.
    await dialog.getByRole('button', { name: 'Close' }).click();
    await prompt.getByRole('button', { name: 'Save draft' }).click();
    await expect(dialog).toHaveCount(0);
    // The toast's text may also be in its live region's announcement for a moment.
    await expect(page.getByText('Find it in My Reviews under Drafts.').first()).toBeVisible();
    dialog = await openWriteReview(page);
    await expect(draftOffer(dialog)).toBeVisible();
    await expect(dialog.getByLabel('Your review')).toHaveValue('');
    await dialog.getByRole('button', { name: 'Continue draft' }).click();
    await expect(draftOffer(dialog)).toHaveCount(0);
    await expect(dialog.getByLabel('Your review')).toHaveValue(text);
    await expect(dialog.getByRole('slider', { name: 'Overall rating' })).toHaveAttribute(
      'aria-valuenow',
      '4.5',
    );
    // Nothing changed since it opened: it closes at once, and the draft stays.
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(prompt).toHaveCount(0);

    // A click outside asks as well; Discard deletes the draft.
    dialog = await openWriteReview(page);
    await dialog.getByRole('button', { name: 'Continue draft' }).click();
    await dialog.getByLabel('Your review').fill(`${text} Or did it?`);
    await page.mouse.click(5, 5);
    await expect(prompt).toBeVisible();
    await prompt.getByRole('button', { name: 'Discard' }).click();
    await expect(dialog).toHaveCount(0);
    dialog = await openWriteReview(page);
    await expect(draftOffer(dialog)).toHaveCount(0);
    await expect(dialog.getByLabel('Your review')).toHaveValue('');
    await expect(dialog.getByRole('slider', { name: 'Overall rating' })).toHaveAttribute(
      'aria-valuenow',
      '5',
    );
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    await page.goto('/reviews');
    await expect(page.getByRole('tab', { name: 'Drafts (0)' })).toBeVisible();
  });

  test('one review per show: a reviewed concert offers “Edit your review”, which edits it', async ({
    page,
  }) => {
    const person = await signUp(page, newPerson({ firstName: 'Wren' }));
    const concert = await openOwnPastConcert(page, 3);
    let dialog = await openWriteReview(page);
    await dialog.getByLabel('Your review').fill('Tight set, and the crowd sang every word.');
    await dialog.getByRole('button', { name: 'Post Review' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(page).toHaveURL(new RegExp(`/concerts/${concert.id}$`));

    // The page now offers the review written, not a second one.
    await expect(page.getByRole('button', { name: 'Write Review' })).toHaveCount(0);
    await page.getByRole('button', { name: 'Edit your review' }).click();
    dialog = page.getByRole('dialog', { name: 'Edit Concert Review' });
    const textBox = dialog.getByLabel('Your review');
    await expect(textBox).toHaveValue('Tight set, and the crowd sang every word.');
    await textBox.fill('Tight set, and the crowd sang every word of the encore.');
    await dialog.getByRole('button', { name: 'Update Review' }).click();
    await expect(dialog).toHaveCount(0);
    const mine = page.getByRole('article', { name: `Review by ${person.firstName} Fields` });
    await expect(mine).toContainText('every word of the encore.');
    await expect(page.getByRole('button', { name: 'Edit your review' })).toBeVisible();
  });

  test('Sign Out from the sidebar forgets the drafts: signing in again finds none', async ({
    page,
  }) => {
    const person = await signUp(page, newPerson({ firstName: 'Wren' }));
    await openOwnPastConcert(page, 2);
    const dialog = await openWriteReview(page);
    await dialog.getByLabel('Your review').fill('Half a review, for the next train home.');
    await dialog.getByRole('button', { name: 'Close' }).click();
    await discardPrompt(page).getByRole('button', { name: 'Save draft' }).click();
    await expect(dialog).toHaveCount(0);
    await page.goto('/reviews');
    await expect(page.getByRole('tab', { name: 'Drafts (1)' })).toBeVisible();

    await page.getByRole('button', { name: 'Sign Out' }).click();
    await expect(page).toHaveURL(/localhost:\d+\/$/);
    expect((await page.request.get('/api/user')).status()).toBe(401);
    // The next person at this browser finds nothing of the last one's.
    const kept = await page.evaluate(() =>
      Object.keys(localStorage).filter((key) => key.startsWith('encore:review-drafts:')),
    );
    expect(kept).toEqual([]);

    await signIn(page, person);
    await page.goto('/reviews');
    await expect(page.getByRole('tab', { name: 'Drafts (0)' })).toBeVisible();
  });

  test('a refused file shows the server’s reason next to it; a posted review reads “just now”', async ({
    page,
  }) => {
    const person = await signUp(page, newPerson({ firstName: 'Wren' }));
    const concert = await openOwnPastConcert(page, 1);
    const dialog = await openWriteReview(page);
    const text = 'Loud, sweaty and perfect from the first chord to the last.';
    await dialog.getByLabel('Your review').fill(text);
    await dialog.getByTestId('review-media-input').setInputFiles([
      // Named and sent as a photo, but its bytes are text: only the server can tell.
      { name: 'setlist.jpg', mimeType: 'image/jpeg', buffer: Buffer.from('1. Intro\n2. Encore') },
      { name: 'stage.png', mimeType: 'image/png', buffer: PNG },
    ]);
    await dialog.getByRole('button', { name: 'Post Review' }).click();

    const reason =
      'setlist.jpg is not one of JPEG, PNG, WebP, AVIF or HEIC photos and MP4, WebM or MOV videos';
    const files = dialog.getByRole('listitem');
    await expect(files.nth(0)).toContainText(reason);
    await expect(files.nth(1)).not.toContainText(reason);
    await expect(
      dialog.getByRole('button', { name: 'Remove photo 1' }),
    ).toHaveAccessibleDescription(reason);
    await expect(dialog).toBeVisible();

    // Without the refused file it posts. ("Processing…", shown between the last byte sent
    // and the server's answer, may last less than a frame: upload-progress.test.tsx has it.)
    await dialog.getByRole('button', { name: 'Remove photo 1' }).click();
    await expect(dialog.getByText(reason)).toHaveCount(0);
    // By keyboard: the "Upload failed" toast may still lie over the button.
    await dialog.getByRole('button', { name: 'Post Review' }).press('Enter');
    await expect(dialog).toHaveCount(0);
    await expect(page).toHaveURL(new RegExp(`/concerts/${concert.id}$`));

    const mine = page.getByRole('article', { name: `Review by ${person.firstName} Fields` });
    await expect(mine).toContainText(text);
    const posted = mine.locator('time').first();
    await expect(posted).toHaveText(/^(just now|\d+ min ago)$/);
    expect(Number.isNaN(Date.parse((await posted.getAttribute('datetime')) ?? ''))).toBe(false);
    // The time links to the review's own page; the exact date and time show on its focus.
    const toReview = mine.getByRole('link').filter({ has: page.locator('time') });
    await expect(toReview).toHaveAttribute('href', /^\/reviews\/[0-9a-f-]{36}$/);
    await toReview.focus();
    await expect(page.getByRole('tooltip')).toHaveText(
      /^[A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2}\s[AP]M$/,
    );
  });
});
