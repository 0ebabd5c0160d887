import { expect, test } from '@playwright/test';
import { getStarted, newPerson, signIn, signUp, signUpThroughThePages } from './support/accounts';

test.describe('signing up, in and out', () => {
  test('a newcomer creates an account and lands on Discover inside the signed-in layout', async ({
    page,
  }) => {
    await getStarted(page);
    const person = await signUpThroughThePages(
      page,
      newPerson({ firstName: 'Nina', lastName: 'Simone' }),
    );
    expect(person.email).toContain('@');

    await expect(page.getByRole('heading', { name: 'Discover Concerts' })).toBeVisible();
    // Sign-up gives a username made from the name (a namesake's gets a number).
    const ownProfile = /Nina Simone, @nina-simone(-\d+)?, open your profile/;
    const profileButton = page
      .getByRole('button', { name: ownProfile })
      .or(page.getByRole('link', { name: ownProfile }));
    await expect(profileButton).toBeVisible();
    await expect(
      page
        .getByRole('navigation', { name: 'Main navigation' })
        .getByRole('link', { name: /Discover/ }),
    ).toContainText('find concerts near you');

    // A new person has no unread notifications: no badge.
    const notifications = page.getByRole('link', { name: /^Notifications/ });
    await expect(notifications).toBeVisible();
    await expect(notifications).toHaveAccessibleName('Notifications');

    // Signed-in visitors skip the landing page and /auth.
    await page.goto('/');
    await expect(page).toHaveURL(/\/discover$/);
    await page.goto('/auth');
    await expect(page).toHaveURL(/\/discover$/);
  });

  test('a taken email is refused on the create-account page', async ({ browser }) => {
    const person = await signUp(await browser.newPage());
    // Another browser: nobody is signed in there.
    const page = await browser.newPage();
    await page.goto('/api/login?screen=create-account');
    await page.getByLabel('First name').fill('Again');
    await page.getByLabel('Email').fill(person.email);
    await page.getByLabel('Password').fill('another password');
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page.getByText('An account with this email already exists')).toBeVisible();
  });

  test('wrong credentials say so, right ones sign in', async ({ browser }) => {
    const person = await signUp(await browser.newPage());
    const page = await browser.newPage();
    await page.goto('/auth');
    await page.getByRole('button', { name: 'Continue with Your Account' }).click();
    await page.getByLabel('Email').fill(person.email);
    await page.getByLabel('Password').fill('not the password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByText('Invalid email or password')).toBeVisible();

    await signIn(page, person);
    await expect(page.getByRole('heading', { name: 'Discover Concerts' })).toBeVisible();
  });

  test('Sign Out ends the session and protected pages redirect again', async ({ page }) => {
    const person = await signUp(page);
    await page.getByRole('button', { name: 'Sign Out' }).click();
    await expect(page).toHaveURL(/localhost:\d+\/$/);
    await page.goto('/discover');
    await expect(page).toHaveURL(/\/auth\?next=%2Fdiscover$/);
    // The provider forgot the person too: it asks for the password again.
    await page.getByRole('button', { name: 'Continue with Your Account' }).click();
    await expect(page.getByLabel('Password')).toBeVisible();
    await page.getByLabel('Email').fill(person.email);
    await page.getByLabel('Password').fill(person.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\/discover$/);
  });
});
