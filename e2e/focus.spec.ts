import { expect, test, type Locator, type Page } from '@playwright/test';
import { newPerson, signUp } from './support/accounts';
import { pastConcerts } from './support/concerts';
import { failUntilRecovered } from './support/failing-request';
import { PNG } from './support/media';
import { reviewDialog } from './support/reviews';
import { openFailingWishlist } from './support/wishlist';
import { describeAtEachWidth } from './support/widths';

// Each width reviews concerts of its own, away from the ones other specs review.
/** Focuses a control and presses a key on it, as a keyboard user would. */
async function press(control: Locator, key: 'Enter' | ' ' = 'Enter') {
  await control.focus();
  await control.press(key);
}

/** Presses Escape: `layer` closes and focus goes back to `opener`. */
async function escapeBackTo(page: Page, layer: Locator, opener: Locator) {
  await page.keyboard.press('Escape');
  await expect(layer).toHaveCount(0);
  await expect(opener).toBeFocused();
}

/** Opens the Edit Profile dialog from one's profile page. */
async function openEditProfile(page: Page) {
  await page.goto('/profile');
  const editProfile = page.getByRole('button', { name: 'Edit Profile' });
  const profileDialog = page.getByRole('dialog', { name: 'Edit Profile' });
  await press(editProfile);
  await expect(profileDialog).toBeVisible();
  return { editProfile, profileDialog };
}

async function pastConcert(page: Page, offset: number) {
  const past = await pastConcerts(page);
  expect(past.length).toBeGreaterThan(offset + 2);
  return past[past.length - 1 - offset]!;
}

/** Posts a review through the API, as the dialog would. */
async function postReview(page: Page, concertId: string, reviewText: string) {
  const response = await page.request.post('/api/reviews', {
    data: {
      concertId,
      overallRating: 4,
      performanceRating: 4,
      soundRating: 4,
      venueRating: 4,
      valueRating: 4,
      reviewText,
      media: [],
    },
  });
  expect(response.ok()).toBe(true);
}

/** Waits for a busy toggle's request to end; it must have kept focus all along. */
async function settledWithFocus(control: Locator) {
  await expect(control).not.toHaveAttribute('aria-busy', 'true');
  await expect(control).toBeFocused();
}

describeAtEachWidth('Focus', { desktop: 20, phone: 24 }, ({ touch, concerts }) => {
  test('the review dialog, lightbox, comments, menu and delete question give focus back', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const person = await signUp(page);
    const concert = await pastConcert(page, concerts);
    await page.goto(`/concerts/${concert.id}`);
    await expect(page.getByRole('heading', { level: 1, name: concert.artist })).toBeVisible();

    // Write Review: Escape, then Cancel, bring focus back to it.
    const write = page.getByRole('button', { name: 'Write Review' });
    const dialog = reviewDialog(page);
    await press(write);
    await expect(dialog).toBeVisible();
    await escapeBackTo(page, dialog, write);
    await press(write, ' ');
    await expect(dialog).toBeVisible();
    await press(dialog.getByRole('button', { name: 'Cancel' }));
    await expect(dialog).toHaveCount(0);
    await expect(write).toBeFocused();

    // Posted: focus is on the new review.
    await press(write);
    const text = 'Focus stayed with me all night, and so did the bass line.';
    await dialog.getByLabel('Your review').fill(text);
    await dialog
      .getByTestId('review-media-input')
      .setInputFiles([{ name: 'stage.png', mimeType: 'image/png', buffer: PNG }]);
    await press(dialog.getByRole('button', { name: 'Post Review' }));
    await expect(dialog).toHaveCount(0);
    const mine = page.getByRole('article', {
      name: `Review by ${person.firstName} ${person.lastName}`,
    });
    await expect(mine).toContainText(text);
    await expect(mine).toBeFocused();

    // The lightbox gives focus back to its thumbnail.
    await expect(mine.getByText('Processing…')).toHaveCount(0, { timeout: 20_000 });
    const thumbnail = mine.getByRole('button', { name: 'Open photo 1 of 1' });
    await press(thumbnail);
    const lightbox = page.getByRole('dialog', { name: /^Photos and videos by/ });
    await expect(lightbox).toBeVisible();
    await escapeBackTo(page, lightbox, thumbnail);

    // Like keeps focus while its request runs, and says its state in its name only.
    await press(mine.getByRole('button', { name: 'Like review (0 likes)' }));
    const unlike = mine.getByRole('button', { name: 'Unlike review (1 like)' });
    await settledWithFocus(unlike);
    await expect(unlike).not.toHaveAttribute('aria-pressed');
    await page.keyboard.press(' ');
    await settledWithFocus(mine.getByRole('button', { name: 'Like review (0 likes)' }));

    // Comments: posting keeps focus in the box, deleting moves it to the next comment and
    // then to the dialog's title, and closing goes back to the Comments button.
    await press(mine.getByRole('button', { name: 'Comments (0)' }));
    const comments = page.getByRole('dialog', {
      name: `Review by ${person.firstName} ${person.lastName}`,
    });
    const box = comments.getByLabel('Your comment');
    for (const comment of ['First thought', 'Second thought']) {
      await box.focus();
      await page.keyboard.type(comment);
      await press(comments.getByRole('button', { name: 'Post Comment' }));
      await expect(comments.getByRole('article').filter({ hasText: comment })).toBeVisible();
      await expect(box).toBeFocused();
    }
    const entries = comments.getByRole('listitem');
    await expect(entries).toHaveCount(2);
    const firstText = (await entries.first().innerText()).includes('First thought')
      ? 'First thought'
      : 'Second thought';
    const otherText = firstText === 'First thought' ? 'Second thought' : 'First thought';
    const first = entries.filter({ hasText: firstText });
    // Delete asks first; Cancel puts the question away and focus back on Delete.
    await press(first.getByRole('button', { name: 'Delete' }));
    await expect(first.getByRole('button', { name: 'Cancel' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(first.getByRole('button', { name: 'Delete' })).toBeFocused();
    await page.keyboard.press('Enter');
    await press(first.getByRole('button', { name: 'Delete', exact: true }));
    await expect(first).toHaveCount(0);
    await expect(comments.getByRole('article').filter({ hasText: otherText })).toBeFocused();
    const last = entries.filter({ hasText: otherText });
    await press(last.getByRole('button', { name: 'Delete' }));
    await press(last.getByRole('button', { name: 'Delete', exact: true }));
    await expect(entries).toHaveCount(0);
    await expect(comments.getByRole('heading', { name: /^Review by / })).toBeFocused();
    await escapeBackTo(page, comments, mine.getByRole('button', { name: 'Comments (0)' }));

    // The review's menu, and the dialogs opened from it, go back to the menu's button.
    const options = mine.getByRole('button', { name: 'Review options' });
    await press(options);
    await expect(page.getByRole('menuitem', { name: 'Edit Review' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(options).toBeFocused();
    await press(options);
    await page.keyboard.press('Enter');
    const edit = page.getByRole('dialog', { name: 'Edit Concert Review' });
    await expect(edit).toBeVisible();
    await escapeBackTo(page, edit, options);
    await press(options);
    await page.getByRole('menuitem', { name: 'Delete Review' }).press('Enter');
    const confirm = page.getByRole('alertdialog', { name: 'Delete Review' });
    await expect(confirm.getByRole('button', { name: 'Cancel' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(confirm).toHaveCount(0);
    await expect(options).toBeFocused();
  });

  test('deleting reviews moves focus to the next review, then to the page heading', async ({
    page,
  }) => {
    await signUp(page);
    const older = await pastConcert(page, concerts + 1);
    const newer = await pastConcert(page, concerts + 2);
    await postReview(page, older.id, 'The older of my two reviews: a warm, patient set.');
    await postReview(page, newer.id, 'The newer of my two reviews: loud, fast and over soon.');
    await page.goto('/reviews');
    const heading = page.getByRole('heading', { level: 1, name: 'My Reviews' });
    await expect(heading).toBeVisible();
    const reviews = page.getByRole('article', { name: /^Review by / });
    await expect(reviews).toHaveCount(2);

    const deleteFirst = async () => {
      await press(reviews.first().getByRole('button', { name: 'Review options' }));
      await page.getByRole('menuitem', { name: 'Delete Review' }).press('Enter');
      const confirm = page.getByRole('alertdialog', { name: 'Delete Review' });
      await press(confirm.getByRole('button', { name: 'Delete' }));
      await expect(confirm).toHaveCount(0);
    };
    await deleteFirst();
    await expect(reviews).toHaveCount(1);
    await expect(reviews.first()).toContainText('The older of my two reviews');
    await expect(reviews.first()).toBeFocused();
    await deleteFirst();
    await expect(page.getByRole('heading', { name: 'Write Your First Review' })).toBeVisible();
    await expect(heading).toBeFocused();
  });

  test('Follow keeps focus; an unfollowed person hands focus on to the next', async ({ page }) => {
    await signUp(page);
    for (const [username, fullName] of [
      ['priya_n', 'Priya Natarajan'],
      ['diego_on_bass', 'Diego Ramirez'],
    ] as const) {
      await page.goto(`/users/${username}`);
      await press(page.getByRole('button', { name: `Follow ${fullName}` }));
      const following = page.getByRole('button', { name: `Following ${fullName}` });
      await settledWithFocus(following);
      await expect(following).not.toHaveAttribute('aria-pressed');
    }
    // Unfollow and follow again, by Space this time.
    const diego = page.getByRole('button', { name: 'Following Diego Ramirez' });
    await diego.press(' ');
    await settledWithFocus(page.getByRole('button', { name: 'Follow Diego Ramirez' }));
    await page.keyboard.press(' ');
    await settledWithFocus(diego);

    await page.goto('/profile');
    await page.getByRole('link', { name: '2 Following' }).click();
    const people = page.getByRole('list', { name: 'People You Follow' });
    await expect(people.getByRole('listitem')).toHaveCount(2);
    const firstPerson = people.getByRole('listitem').first();
    const unfollow = firstPerson.getByRole('button', { name: /^Unfollow / });
    const unfollowed = (await unfollow.innerText()).replace(/^Unfollow\s*/, '').trim();
    await press(unfollow);
    await expect(people.getByRole('article', { name: unfollowed })).toHaveCount(0);
    await expect(people.getByRole('listitem')).toHaveCount(1);
    await expect(people.getByRole('article')).toBeFocused();
  });

  test('Edit Profile, Delete Account, the timeline filter and the menu give focus back', async ({
    page,
  }) => {
    await signUp(page);
    const { editProfile, profileDialog } = await openEditProfile(page);
    // Its Delete Account question goes back into the dialog (by Escape, which closes the
    // question alone, and by Cancel), the dialog to its button.
    const deleteInDialog = profileDialog.getByRole('button', { name: 'Delete Account' });
    await press(deleteInDialog);
    const deleteQuestion = page.getByRole('alertdialog', { name: 'Delete your account?' });
    const cancel = deleteQuestion.getByRole('button', { name: 'Cancel' });
    await expect(cancel).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(deleteQuestion).toHaveCount(0);
    await expect(profileDialog).toBeVisible();
    await expect(deleteInDialog).toBeFocused();
    await press(deleteInDialog);
    await expect(cancel).toBeFocused();
    await cancel.press('Enter');
    await expect(deleteQuestion).toHaveCount(0);
    await expect(deleteInDialog).toBeFocused();
    await escapeBackTo(page, profileDialog, editProfile);

    await page.goto('/settings');
    const deleteAccount = page.getByRole('button', { name: 'Delete Account' });
    await press(deleteAccount);
    await press(deleteQuestion.getByRole('button', { name: 'Cancel' }));
    await expect(deleteQuestion).toHaveCount(0);
    await expect(deleteAccount).toBeFocused();

    await page.goto('/timeline');
    const filter = page.getByRole('button', { name: /^Filter/ });
    await press(filter);
    const filters = page.getByRole('dialog', { name: 'Filter reviews' });
    await expect(filters).toBeVisible();
    await escapeBackTo(page, filters, filter);

    if (touch) {
      const menu = page.getByRole('button', { name: 'Toggle Sidebar' });
      await press(menu);
      const sheet = page.getByRole('dialog', { name: 'Menu' });
      await expect(sheet).toBeVisible();
      await escapeBackTo(page, sheet, menu);
    }
  });

  test('Escape the moment a question takes focus closes the question, not the dialog under it', async ({
    page,
  }) => {
    await signUp(page);
    const { profileDialog } = await openEditProfile(page);
    // A quick key on a slow phone: Escape comes as soon as focus is in the question, before
    // the page has done anything else.
    await page.evaluate(() => {
      const pressEscape = (event: FocusEvent) => {
        const target = event.target;
        if (!(target instanceof HTMLElement) || !target.closest('[role="alertdialog"]')) return;
        document.removeEventListener('focusin', pressEscape, true);
        setTimeout(() => {
          const init = { key: 'Escape', code: 'Escape', bubbles: true, cancelable: true };
          target.dispatchEvent(new KeyboardEvent('keydown', init));
        });
      };
      document.addEventListener('focusin', pressEscape, true);
    });
    const deleteInDialog = profileDialog.getByRole('button', { name: 'Delete Account' });
    await press(deleteInDialog);
    await expect(page.getByRole('alertdialog')).toHaveCount(0);
    await expect(profileDialog).toBeVisible();
    await expect(deleteInDialog).toBeFocused();
  });

  test('closing the onboarding wizard leaves focus on the page heading', async ({ page }) => {
    await signUp(page, newPerson({ lastName: '' }), { keepOnboarding: true });
    const wizard = page.getByRole('dialog', { name: 'Complete your profile' });
    await expect(wizard).toBeVisible();
    await escapeBackTo(page, wizard, page.getByRole('main').getByRole('heading', { level: 1 }));
  });

  test('Retry hands focus to what it loaded, or keeps it when the list fails again', async ({
    page,
  }) => {
    const wishlist = await openFailingWishlist(page);
    const retry = page.getByRole('button', { name: 'Retry' });

    await press(retry);
    await expect(retry).toBeEnabled();
    await expect(retry).toBeFocused();

    wishlist.recover();
    await press(retry, ' ');
    await expect(page.getByRole('heading', { name: 'No concerts saved' })).toBeVisible();
    await expect(page.locator(':focus')).toContainText('No concerts saved');
  });

  test('Retry on a page that failed to load focuses its heading, or the new Retry when it fails again', async ({
    page,
  }) => {
    await signUp(page);
    const profileUrl = '**/api/users/username/priya_n';
    const profile = await failUntilRecovered(page, profileUrl);
    await page.goto('/users/priya_n');
    await expect(page.getByRole('heading', { name: 'Failed to load profile' })).toBeVisible();
    const retry = page.getByRole('button', { name: 'Retry' });

    // The Retry pressed is gone once the answer is in: the one focused is the new one.
    await Promise.all([page.waitForResponse(profileUrl), press(retry)]);
    await expect(retry).toBeFocused();

    profile.recover();
    await press(retry, ' ');
    const heading = page.getByRole('heading', { level: 1, name: "Priya Natarajan's profile" });
    await expect(heading).toBeFocused();
    // Focusable from the script only: Tab still goes past it.
    await expect(heading).toHaveAttribute('tabindex', '-1');
  });
});
