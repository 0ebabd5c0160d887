import { expect, test, type Browser, type Page } from '@playwright/test';
import { AXE_PROJECT, violations } from './support/axe';
import { newPerson, onboardingWizard, signIn, signUp } from './support/accounts';
import { describeAtEachWidth } from './support/widths';

/** A person of the demo catalogue, so their username is taken. */
const TAKEN_USERNAME = 'mayasees_shows';

/** A username no one else has: letters, digits and underscores, at most 30 characters. */
const freshUsername = (prefix: string) =>
  `${prefix}_${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`.slice(0, 30);

async function currentUser(page: Page) {
  const response = await page.request.get('/api/user');
  expect(response.ok()).toBe(true);
  return (await response.json()) as {
    id: string;
    firstName: string | null;
    lastName: string | null;
    username: string | null;
    bio: string | null;
    location: string | null;
    profileImageUrl: string | null;
    favoriteGenres: string[];
    onboardingStep: number | null;
  };
}

/** What axe finds against WCAG 2.2 AA and best practices, as the accessibility spec checks pages. */
/** A review draft kept in this browser, as the review dialog keeps one (lib/drafts.ts). */
async function keepADraft(page: Page) {
  const { id } = await currentUser(page);
  await page.evaluate((userId) => {
    const draft = {
      id: 'draft-1',
      concert: null,
      ratings: {
        overallRating: 4,
        performanceRating: 4,
        soundRating: 4,
        venueRating: 4,
        valueRating: 4,
      },
      reviewText: 'Half written on the train home.',
      savedAt: new Date().toISOString(),
    };
    localStorage.setItem(`encore:review-drafts:${userId}`, JSON.stringify([draft]));
  }, id);
  expect(await draftKeys(page)).toHaveLength(1);
}

const draftKeys = (page: Page) =>
  page.evaluate(() =>
    Object.keys(localStorage).filter((key) => key.startsWith('encore:review-drafts:')),
  );

/** A second, separate browser session for a second person. */
async function secondPage(browser: Browser, page: Page) {
  const context = await browser.newContext({
    baseURL: new URL(page.url()).origin,
    viewport: page.viewportSize(),
  });
  return context.newPage();
}

describeAtEachWidth('Account', ({ touch }) => {
  test('the onboarding wizard asks a missing last name, a username, a city and genres, and resumes where it was left', async ({
    page,
  }) => {
    await signUp(page, newPerson({ lastName: '' }), { keepOnboarding: true });
    const wizard = onboardingWizard(page);
    await expect(wizard).toBeVisible();
    await expect(wizard.getByText('Step 1 of 4: Name and username')).toBeVisible();
    await expect(wizard.getByLabel('First name')).toHaveValue('Robin');
    await expect(wizard.getByRole('button', { name: 'Back' })).toHaveCount(0);

    // Next is never disabled: pressed too soon, it says why beside it.
    const next = wizard.getByRole('button', { name: 'Next' });
    await expect(next).toBeEnabled();
    await next.click();
    await expect(next).toHaveAccessibleDescription('Last name is required');
    await expect(wizard.getByLabel('Last name')).toBeFocused();
    await wizard.getByLabel('Last name').fill('Fields');

    await wizard.getByLabel('Username', { exact: true }).fill(TAKEN_USERNAME);
    await expect(wizard.getByText(/already taken/i)).toBeVisible();
    await next.click();
    await expect(next).toHaveAccessibleDescription('Choose another username, or leave it blank');
    const username = freshUsername('robin');
    await wizard.getByLabel('Username', { exact: true }).fill(username);
    await expect(wizard.getByText(/is available/i)).toBeVisible();
    await next.click();

    await expect(wizard.getByText('Step 2 of 4: City')).toBeVisible();
    await wizard.getByLabel('City', { exact: true }).selectOption('Other');
    await wizard.getByLabel('Your city').fill('Lisbon');
    await next.click();

    // Closing the tab here: the next visit opens the wizard where it was.
    await expect(wizard.getByText('Step 3 of 4: Favourite genres')).toBeVisible();
    await page.reload();
    await expect(wizard.getByText('Step 3 of 4: Favourite genres')).toBeVisible();
    await wizard.getByRole('button', { name: 'Jazz' }).click();
    await expect(wizard.getByRole('button', { name: 'Jazz' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await wizard.getByRole('button', { name: 'Next' }).click();

    await expect(wizard.getByText('Step 4 of 4: Follow')).toBeVisible();
    await wizard.getByRole('button', { name: 'Finish' }).click();
    await expect(wizard).toBeHidden();
    await expect(page.getByText('Welcome to Encore, Robin!', { exact: true })).toBeVisible();
    expect(await currentUser(page)).toMatchObject({
      firstName: 'Robin',
      lastName: 'Fields',
      username,
      location: 'Lisbon',
      favoriteGenres: ['jazz'],
      onboardingStep: null,
    });

    // Finished, so it does not come back.
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(wizard).toHaveCount(0);
  });

  test('Skip for now puts the onboarding away for good', async ({ page }) => {
    await signUp(page, newPerson(), { keepOnboarding: true });
    const wizard = onboardingWizard(page);
    await expect(wizard.getByText('Step 1 of 4: Username')).toBeVisible();
    await wizard.getByRole('button', { name: 'Skip for now' }).click();
    await expect(wizard).toBeHidden();
    expect((await currentUser(page)).onboardingStep).toBeNull();
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(wizard).toHaveCount(0);
  });

  test('Edit Profile shows a taken username and blocks Save until it is free', async ({ page }) => {
    await signUp(page);
    await page.goto('/profile');
    await page.getByRole('button', { name: 'Edit Profile' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Edit Profile' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByLabel('Name', { exact: true })).toHaveValue('Robin Fields');

    await dialog.getByLabel('Username', { exact: true }).fill(TAKEN_USERNAME);
    await expect(dialog.getByText(/already taken/i)).toBeVisible();
    await expect(dialog.getByLabel('Username', { exact: true })).toHaveAttribute(
      'aria-invalid',
      'true',
    );
    await expect(dialog.getByRole('button', { name: 'Save Changes' })).toBeDisabled();

    const username = freshUsername('fields');
    await dialog.getByLabel('Username', { exact: true }).fill(username);
    await expect(dialog.getByText(/is available/i)).toBeVisible();
    await dialog.getByLabel('Name', { exact: true }).fill('Robin Q Fields');
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page.getByText('Profile updated successfully!', { exact: true })).toBeVisible();
    await expect(dialog).toBeHidden();
    expect(await currentUser(page)).toMatchObject({
      firstName: 'Robin',
      lastName: 'Q Fields',
      username,
    });
  });

  test('a new follower shows on the badge and on the notifications page', async ({
    page,
    browser,
  }) => {
    // B, who will be followed, in this page; A in a session of their own.
    await signUp(page, newPerson({ firstName: 'Bea' }));
    const bea = await currentUser(page);
    const anaPage = await secondPage(browser, page);
    await signUp(anaPage, newPerson({ firstName: 'Ana', lastName: 'Ortiz' }));
    const follow = await anaPage.request.post(`/api/users/${bea.id}/follow`);
    expect(follow.ok()).toBe(true);
    await anaPage.context().close();

    await page.goto('/discover');
    const notificationsLink = page.getByRole('link', { name: 'Notifications' });
    if (touch) await page.getByRole('button', { name: 'Toggle Sidebar' }).click();
    await expect(notificationsLink).toHaveAccessibleDescription(/1 unread/);
    await notificationsLink.click();
    await expect(page).toHaveURL(/\/notifications$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Notifications' })).toBeVisible();

    const list = page.getByRole('list', { name: 'Notifications' });
    const notice = list.getByRole('link', { name: /Ana Ortiz started following you/ });
    await expect(notice).toBeVisible();
    await expect(notice).toContainText('Unread:');

    const markAll = page.getByRole('button', { name: 'Mark all as read' });
    await markAll.focus();
    await markAll.press('Enter');
    await expect(notice).not.toContainText('Unread:');
    // Nothing is left to mark: the button says so, and keeps the focus it had.
    await expect(markAll).not.toHaveAttribute('aria-busy');
    await expect(markAll).toHaveAttribute('aria-disabled', 'true');
    await expect(markAll).toBeFocused();
    if (touch) await page.getByRole('button', { name: 'Toggle Sidebar' }).click();
    await expect(page.getByRole('link', { name: 'Notifications' })).not.toHaveAccessibleDescription(
      /unread/,
    );

    // The notice leads to the follower's profile.
    if (touch) await page.keyboard.press('Escape');
    await notice.click();
    await expect(page).toHaveURL(/\/users\//);
  });

  test('settings are saved, still there after a reload, and follow to another device', async ({
    page,
    browser,
  }) => {
    const person = await signUp(page);
    await page.goto('/settings');
    const email = page.getByRole('switch', { name: 'Email notifications' });
    const likes = page.getByRole('switch', { name: 'Likes' });
    const dark = page.getByRole('switch', { name: 'Dark mode' });
    await expect(email).toBeChecked();
    await email.click();
    await likes.click();
    await dark.click();
    await expect(email).not.toBeChecked();
    await expect(page.locator('html')).toHaveClass(/dark/);
    await expect
      .poll(async () => (await (await page.request.get('/api/users/me/settings')).json()) as object)
      .toMatchObject({ emailNotifications: false, newLikeNotif: false, theme: 'dark' });

    await page.reload();
    await expect(page.getByRole('switch', { name: 'Email notifications' })).not.toBeChecked();
    await expect(page.getByRole('switch', { name: 'Likes' })).not.toBeChecked();
    await expect(page.getByRole('switch', { name: 'Dark mode' })).toBeChecked();
    // Push is this device's, and this browser has not been asked.
    await expect(page.getByRole('switch', { name: 'Push notifications' })).not.toBeChecked();
    await expect(page.locator('html')).toHaveClass(/dark/);

    // A browser that never chose a theme takes the one saved with the account.
    const elsewhere = await secondPage(browser, page);
    await signIn(elsewhere, person);
    await expect(elsewhere.locator('html')).toHaveClass(/dark/);
    await elsewhere.context().close();
  });

  test('Sign Out from Settings ends on /auth, and signing in asks for the password again', async ({
    page,
  }) => {
    const person = await signUp(page);
    await page.goto('/settings');
    await keepADraft(page);
    await page.getByRole('main').getByRole('button', { name: 'Sign Out' }).click();
    await expect(page).toHaveURL(/\/auth$/);
    expect((await page.request.get('/api/user')).status()).toBe(401);
    // The next person at this browser finds none of their drafts.
    expect(await draftKeys(page)).toEqual([]);
    // The provider's session ended too: nobody at this browser is signed straight back in.
    await page.getByRole('button', { name: 'Continue with Your Account' }).click();
    await expect(page.getByLabel('Password')).toBeVisible();
    await signIn(page, person);
    await expect(page).toHaveURL(/\/discover$/);
  });

  test('Delete Account from Settings ends on /auth, and the account is gone', async ({ page }) => {
    const person = await signUp(page);
    await page.goto('/settings');
    await keepADraft(page);
    await page.getByRole('button', { name: 'Delete Account' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete your account?' });
    for (const lost of [
      'reviews and ratings',
      'wishlist and preferences',
      'followers and following',
      'profile data',
    ]) {
      await expect(confirm.getByText(lost, { exact: true })).toBeVisible();
    }
    await confirm.getByRole('button', { name: 'Delete Account' }).click();
    await expect(page).toHaveURL(/\/auth$/);
    await expect(page.getByText('Account deleted', { exact: true })).toBeVisible();
    expect((await page.request.get('/api/user')).status()).toBe(401);
    expect(await draftKeys(page)).toEqual([]);

    // The sign-in no longer knows the e-mail.
    await page.getByRole('button', { name: 'Continue with Your Account' }).click();
    await page.getByLabel('Email').fill(person.email);
    await page.getByLabel('Password').fill(person.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).not.toHaveURL(/\/discover$/);
    await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  });
  test("Delete Account in Edit Profile's Danger Zone signs out at the provider and lands home", async ({
    page,
  }) => {
    const person = await signUp(page);
    await page.goto('/profile');
    await page.getByRole('button', { name: 'Edit Profile' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Edit Profile' });
    await expect(dialog.getByRole('heading', { name: 'Danger Zone' })).toBeVisible();
    await dialog.getByRole('button', { name: 'Delete Account' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete your account?' });
    const logout = page.waitForRequest((request) =>
      new URL(request.url()).pathname.startsWith('/api/logout'),
    );
    await confirm.getByRole('button', { name: 'Delete Account' }).click();
    await logout;
    await expect(page).toHaveURL(/\/$/);
    expect((await page.request.get('/api/user')).status()).toBe(401);

    // The provider's session ended too, and it no longer knows the e-mail.
    await page.goto('/auth');
    await page.getByRole('button', { name: 'Continue with Your Account' }).click();
    await page.getByLabel('Email').fill(person.email);
    await page.getByLabel('Password').fill(person.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
    await expect(page).not.toHaveURL(/\/discover$/);
  });

  test('the account dialogs pass axe', async ({ page }, testInfo) => {
    test.skip(testInfo.project.name !== AXE_PROJECT, 'axe reads the pages on one database');
    // Nine dialogs and steps, each scanned: more than one test's time on a busy machine.
    test.slow();
    await signUp(page, newPerson({ lastName: '' }), { keepOnboarding: true });
    const wizard = onboardingWizard(page);
    await expect(wizard).toBeVisible();
    expect(await violations(page, '[role="dialog"]'), 'wizard, step 1').toEqual([]);
    await wizard.getByRole('button', { name: 'Next' }).click();
    await expect(wizard.getByText('Last name is required').first()).toBeVisible();
    expect(await violations(page, '[role="dialog"]'), 'wizard, a step refused').toEqual([]);
    await wizard.getByLabel('Last name').fill('Fields');
    await wizard.getByLabel('Username', { exact: true }).fill(TAKEN_USERNAME);
    await expect(wizard.getByText(/already taken/i)).toBeVisible();
    expect(await violations(page, '[role="dialog"]'), 'wizard, a taken username').toEqual([]);
    await wizard.getByLabel('Username', { exact: true }).fill('');
    await wizard.getByRole('button', { name: 'Next' }).click();
    await expect(wizard.getByText('Step 2 of 4: City')).toBeVisible();
    await wizard.getByLabel('City', { exact: true }).selectOption('Other');
    expect(await violations(page, '[role="dialog"]'), 'wizard, city').toEqual([]);
    await wizard.getByLabel('City', { exact: true }).selectOption({ label: 'Denver, CO' });
    await wizard.getByRole('button', { name: 'Next' }).click();
    await wizard.getByRole('button', { name: 'Rock', exact: true }).click();
    expect(await violations(page, '[role="dialog"]'), 'wizard, genres').toEqual([]);
    await wizard.getByRole('button', { name: 'Next' }).click();
    await expect(wizard.getByRole('button', { name: /^Follow / }).first()).toBeVisible();
    expect(await violations(page, '[role="dialog"]'), 'wizard, follow').toEqual([]);
    await wizard.getByRole('button', { name: 'Finish' }).click();
    await expect(wizard).toBeHidden();

    await page.goto('/profile');
    await page.getByRole('button', { name: 'Edit Profile' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Edit Profile' });
    await expect(dialog.getByLabel('Name', { exact: true })).toBeVisible();
    expect(await violations(page, '[role="dialog"]'), 'Edit Profile').toEqual([]);
    await dialog.getByRole('button', { name: 'Delete Account' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete your account?' });
    await expect(confirm).toBeVisible();
    expect(await violations(page, '[role="alertdialog"]'), 'delete confirmation').toEqual([]);
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(confirm).toBeHidden();
    await expect(dialog).toBeVisible();
  });
});
