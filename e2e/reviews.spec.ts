import { expect, test, type Locator } from '@playwright/test';
import { signUp } from './support/accounts';
import { openPastConcert, pastConcert } from './support/concerts';
import { PNG } from './support/media';
import { deleteOnlyComment, openReviewDialog, reviewDialog } from './support/reviews';
import { describeAtEachWidth } from './support/widths';

/**
 * The server answers an upload before it has processed the photos: a review posted at once
 * shows them as "Processing…" tiles, and the page asks again until they are ready.
 */
async function photosProcessed(review: Locator) {
  await expect(review.getByRole('list', { name: 'Photos and videos' })).toBeVisible();
  await expect(review.getByText('Processing…')).toHaveCount(0, { timeout: 20_000 });
}

async function fillReview(dialog: Locator, text: string) {
  // Four and a half stars overall, by keyboard: the slider starts at 5.
  const overall = dialog.getByRole('slider', { name: 'Overall rating' });
  await overall.focus();
  await overall.press('ArrowLeft');
  await expect(overall).toHaveAttribute('aria-valuenow', '4.5');
  await dialog.getByLabel('Your review').fill(text);
  await expect(dialog.getByText(`${text.length}/2000 characters`)).toBeVisible();
}

// Each width reviews concerts of its own, so tests running side by side never meet.
describeAtEachWidth('Reviews', { desktop: 0, phone: 3 }, ({ concerts }) => {
  test('write with two photos, see it on the concert and on My Reviews, edit, like, comment and delete', async ({
    page,
  }) => {
    const person = await signUp(page);
    const concert = await openPastConcert(page, concerts);
    const dialog = await openReviewDialog(page);
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText(concert.artist);
    const text = 'The encore alone was worth the ticket, and the sound was crisp.';
    await fillReview(dialog, text);
    await dialog.getByTestId('review-media-input').setInputFiles([
      { name: 'stage.png', mimeType: 'image/png', buffer: PNG },
      { name: 'crowd.png', mimeType: 'image/png', buffer: PNG },
    ]);
    await dialog.getByLabel('Photo 1 description').fill('The stage in blue light');
    await expect(dialog.getByRole('button', { name: 'Remove photo 2' })).toBeVisible();
    await dialog.getByRole('button', { name: 'Post Review' }).click();

    await expect(dialog).toHaveCount(0);
    await expect(page).toHaveURL(new RegExp(`/concerts/${concert.id}$`));
    await expect(page.getByText('Review created successfully!').first()).toBeVisible();
    const mine = page.getByRole('article', {
      name: `Review by ${person.firstName} ${person.lastName}`,
    });
    await expect(mine).toContainText(text);
    await photosProcessed(mine);
    await expect(
      mine.getByRole('button', { name: /^Open photo 1 of 2: The stage in blue light$/ }),
    ).toBeVisible();
    await expect(mine.getByRole('button', { name: /^Open photo 2 of 2$/ })).toBeVisible();
    // The thumbnail the server made is served and shows.
    const thumbnail = mine.getByRole('button', { name: /^Open photo 2 of 2$/ }).locator('img');
    await expect
      .poll(() => thumbnail.evaluate((image: HTMLImageElement) => image.naturalWidth))
      .toBeGreaterThan(0);
    await expect(page.getByRole('heading', { name: 'Average Ratings' })).toBeVisible();

    // Like and unlike.
    await mine.getByRole('button', { name: 'Like review (0 likes)' }).click();
    await expect(mine.getByRole('button', { name: 'Unlike review (1 like)' })).toBeVisible();
    await mine.getByRole('button', { name: 'Unlike review (1 like)' }).click();
    await expect(mine.getByRole('button', { name: 'Like review (0 likes)' })).toBeVisible();

    // Comment, then delete the comment.
    await mine.getByRole('button', { name: 'Comments (0)' }).click();
    const comments = page.getByRole('dialog', {
      name: `Review by ${person.firstName} ${person.lastName}`,
    });
    await expect(
      comments.getByText('No comments yet. Be the first to share your thoughts!'),
    ).toBeVisible();
    const post = comments.getByRole('button', { name: 'Post Comment' });
    await expect(post).toBeDisabled();
    await comments.getByLabel('Your comment').fill('  What a night  ');
    await expect(comments.getByText('16/500 characters')).toBeVisible();
    await post.click();
    // In the posted comment: until the post settles, the box still holds the same words.
    await expect(
      comments.getByRole('article').getByText('What a night', { exact: true }),
    ).toBeVisible();
    await expect(comments.getByLabel('Your comment')).toHaveValue('');
    await deleteOnlyComment(comments, comments);
    await page.keyboard.press('Escape');

    // My Reviews lists it with the numbers; edit it from there.
    await page.goto('/reviews');
    await expect(page.getByRole('heading', { level: 1, name: 'My Reviews' })).toBeVisible();
    await expect(page.getByRole('tab', { name: 'My Reviews (1)' })).toBeVisible();
    const tile = (label: string) => page.getByTestId(`stat-${label}`);
    await expect(tile('Total Reviews')).toHaveText('1');
    await expect(tile('Avg Rating')).toHaveText('4.5');
    const listed = page.getByRole('article', { name: /^Review by / });
    await expect(listed).toContainText(concert.artist);
    await listed.getByRole('button', { name: 'Review options' }).click();
    await page.getByRole('menuitem', { name: 'Edit Review' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Concert Review' });
    await expect(edit.getByLabel('Your review')).toHaveValue(text);
    await edit.getByRole('button', { name: 'Remove photo 2' }).click();
    await edit.getByLabel('Your review').fill('On second thought: loud, but a great night out.');
    await edit.getByRole('button', { name: 'Update Review' }).click();
    await expect(page).toHaveURL(new RegExp(`/concerts/${concert.id}$`));
    await expect(mine).toContainText('On second thought: loud, but a great night out.');
    await expect(mine).toContainText('Edited');
    await expect(mine.getByRole('button', { name: /^Open photo/ })).toHaveCount(1);

    // Delete through the confirmation.
    await mine.getByRole('button', { name: 'Review options' }).click();
    await page.getByRole('menuitem', { name: 'Delete Review' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete Review' });
    await expect(confirm).toContainText(
      'Are you sure you want to delete this review? This action cannot be undone.',
    );
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('Review deleted').first()).toBeVisible();
    await expect(mine).toHaveCount(0);
    await page.goto('/reviews');
    await expect(page.getByRole('heading', { name: 'Write Your First Review' })).toBeVisible();
  });

  test('the lightbox opens a photo, moves with the arrow keys and closes with Escape', async ({
    page,
  }) => {
    await signUp(page);
    await openPastConcert(page, concerts + 1);
    const dialog = await openReviewDialog(page);
    await fillReview(dialog, 'Three photos from the front row, all of them blurry.');
    await dialog.getByTestId('review-media-input').setInputFiles(
      ['one', 'two', 'three'].map((name) => ({
        name: `${name}.png`,
        mimeType: 'image/png',
        buffer: PNG,
      })),
    );
    await dialog.getByLabel('Photo 2 description').fill('The drummer');
    await dialog.getByRole('button', { name: 'Post Review' }).click();
    await expect(dialog).toHaveCount(0);

    // Demo reviews carry photos too: open this person's own.
    const mine = page.getByRole('article', { name: /^Review by Robin Fields$/ });
    await photosProcessed(mine);
    await mine.getByRole('button', { name: 'Open photo 1 of 3' }).click();
    const lightbox = page.getByRole('dialog', { name: /^Photos and videos by/ });
    await expect(lightbox).toContainText('1 of 3');
    await page.keyboard.press('ArrowRight');
    await expect(lightbox).toContainText('2 of 3');
    await expect(lightbox.getByRole('img', { name: 'The drummer' })).toBeVisible();
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowLeft');
    await expect(lightbox).toContainText('3 of 3');
    await page.keyboard.press('Escape');
    await expect(lightbox).toHaveCount(0);
  });

  test('a draft survives a reload and can be continued from My Reviews', async ({ page }) => {
    await signUp(page);
    const concert = await openPastConcert(page, concerts + 2);
    const dialog = await openReviewDialog(page);
    await fillReview(dialog, 'Half written, to be finished tomorrow');
    // The draft is kept a moment after typing stops: wait until this browser holds it.
    await expect
      .poll(() =>
        page.evaluate(() =>
          Object.entries(localStorage).some(
            ([key, value]) =>
              key.startsWith('encore:review-drafts:') &&
              value.includes('Half written, to be finished tomorrow'),
          ),
        ),
      )
      .toBe(true);
    await page.reload();
    await page.goto('/reviews');
    await page.getByRole('tab', { name: 'Drafts (1)' }).click();
    const draft = page.getByRole('article', { name: `Draft of ${concert.artist}` });
    await expect(draft).toContainText('Half written, to be finished tomorrow');
    await draft.getByRole('button', { name: 'Continue' }).click();
    const restored = reviewDialog(page);
    await expect(restored.getByLabel('Your review')).toHaveValue(
      'Half written, to be finished tomorrow',
    );
    await expect(restored.getByRole('slider', { name: 'Overall rating' })).toHaveAttribute(
      'aria-valuenow',
      '4.5',
    );
    await expect(restored).toContainText(concert.artist);
    await restored.getByLabel('Your review').fill('Half written, now finished: a fine night.');
    await restored.getByRole('button', { name: 'Post Review' }).click();
    await expect(page).toHaveURL(new RegExp(`/concerts/${concert.id}$`));
    await page.goto('/reviews');
    await expect(page.getByRole('tab', { name: 'Drafts (0)' })).toBeVisible();
  });
});

test.describe('Reviews on a phone (375 px)', () => {
  test.use({ viewport: { width: 375, height: 800 }, isMobile: true, hasTouch: true });

  test('the centre button writes a review of a concert found by its artist', async ({ page }) => {
    await signUp(page);
    const concert = await pastConcert(page, 6);
    await page.getByRole('button', { name: 'Write a review' }).click();
    const dialog = reviewDialog(page);
    await dialog.getByRole('button', { name: 'Post Review' }).click();
    await expect(page.getByText('You must select a concert to review.').first()).toBeVisible();
    await dialog.getByLabel('Concert').fill(concert.artist.slice(0, 6));
    await dialog
      .getByRole('button', { name: new RegExp(concert.artist) })
      .first()
      .click();
    await fillReview(dialog, 'Tiny screen, big sound: the best gig of my year.');
    await dialog
      .getByTestId('review-media-input')
      .setInputFiles([{ name: 'phone.png', mimeType: 'image/png', buffer: PNG }]);
    await dialog.getByRole('button', { name: 'Post Review' }).click();
    await expect(page).toHaveURL(/\/concerts\//);
    await expect(
      page.getByRole('article', { name: /^Review by Robin Fields$/ }).first(),
    ).toContainText('Tiny screen, big sound');
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
  });
});
