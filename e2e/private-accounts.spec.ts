import { expect, test, type Page } from '@playwright/test';
import { findablePerson, nameOf, signUp, signUpElsewhere, type Person } from './support/accounts';
import { postReview } from './support/reviews';
import { pastConcert } from './support/concerts';

/** From Find Friends to the person's profile. */
async function openProfile(page: Page, person: Person) {
  await page.goto('/search-users');
  await page.getByLabel('Search users by username or name').fill(person.lastName);
  await page
    .getByRole('article', { name: nameOf(person) })
    .getByRole('link', { name: nameOf(person) })
    .click();
  await expect(
    page.getByRole('heading', { level: 1, name: `${nameOf(person)}'s profile` }),
  ).toBeVisible();
}

test('a private person: follow request, Decline, ask again, Approve, then their reviews show', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(300_000);
  const owner = await signUp(page, findablePerson('Priya', 'Vault'));
  const {
    context: other,
    page: fanPage,
    person: fan,
  } = await signUpElsewhere(browser, baseURL, findablePerson('Ravi', 'Knock'));

  // The owner reviews a concert, then makes the account private.
  const concert = await pastConcert(page, 20);
  const text = 'Only my followers get to read this: the drummer stole the night.';
  await postReview(page, concert.id, text);
  await page.goto('/settings');
  const publicProfile = page.getByRole('switch', { name: 'Public profile' });
  await expect(publicProfile).toBeChecked();
  await publicProfile.click();
  await expect(publicProfile).not.toBeChecked();
  await expect(
    page.getByText('Your reviews stay public unless your account is private.'),
  ).toBeVisible();

  // The fan sees only that the account is private, and asks.
  await openProfile(fanPage, owner);
  await expect(fanPage.getByText('This account is private')).toBeVisible();
  await expect(fanPage.getByText(text)).toHaveCount(0);
  await expect(fanPage.getByRole('tab', { name: 'Reviews' })).toHaveCount(0);
  const ask = fanPage.getByRole('button', { name: `Request to follow ${nameOf(owner)}` });
  const requested = fanPage.getByRole('button', { name: `Requested ${nameOf(owner)}` });
  await ask.click();
  await expect(requested).toBeVisible();
  // Pressing again withdraws; then asks again.
  await requested.click();
  await expect(ask).toBeVisible();
  await ask.click();
  await expect(requested).toBeVisible();
  // Nor does the concert page show the review to them.
  await fanPage.goto(`/concerts/${concert.id}`);
  await expect(fanPage.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(fanPage.getByText(text)).toHaveCount(0);

  // The owner declines; the fan may ask again.
  await page.goto('/notifications');
  const requests = page.getByRole('region', { name: /Follow requests/ });
  await expect(requests).toContainText(nameOf(fan));
  await expect(requests.getByRole('heading', { name: 'Follow requests 1 pending' })).toBeVisible();
  await requests.getByRole('button', { name: `Decline ${nameOf(fan)}` }).click();
  // None left: the section stays, saying so, with focus on its heading.
  await expect(requests).toContainText('No follow requests are waiting.');
  await expect(requests.getByRole('heading', { name: 'Follow requests 0 pending' })).toBeFocused();
  await fanPage.reload();
  await openProfile(fanPage, owner);
  await expect(ask).toBeVisible();
  await ask.click();
  await expect(requested).toBeVisible();

  // The owner approves: the fan follows them and reads their review.
  await page.reload();
  await expect(requests.getByRole('heading', { name: 'Follow requests 1 pending' })).toBeVisible();
  // The request waits in the Notifications badge until it is answered.
  const notificationsLink = page
    .getByRole('navigation', { name: 'Main navigation' })
    .getByRole('link', { name: 'Notifications' });
  await expect(notificationsLink).toHaveAccessibleDescription(/1 follow request/);
  await requests.getByRole('button', { name: `Approve ${nameOf(fan)}` }).click();
  await expect(requests).toContainText('No follow requests are waiting.');
  await expect(page.getByText('Follow request approved').first()).toBeVisible();
  await expect(notificationsLink).not.toHaveAccessibleDescription(/follow request/);

  // The fan is told, by name.
  await fanPage.goto('/notifications');
  await expect(fanPage.getByText(`${nameOf(owner)} approved your follow request.`)).toBeVisible();
  await openProfile(fanPage, owner);
  await expect(fanPage.getByRole('button', { name: `Following ${nameOf(owner)}` })).toBeVisible();
  await expect(fanPage.getByText('This account is private')).toHaveCount(0);
  await expect(fanPage.getByTestId('profile-stat-Followers')).toHaveText('1');
  await fanPage.getByRole('tab', { name: 'Reviews' }).click();
  await expect(fanPage.getByText(text).first()).toBeVisible();
  // ... and in their Following timeline, once the follow's job has brought it in.
  await expect(async () => {
    await fanPage.goto('/timeline');
    await expect(
      fanPage.getByRole('article', { name: `Review by ${nameOf(owner)}` }),
    ).toContainText(text, { timeout: 10_000 });
  }).toPass({ timeout: 60_000 });

  // The owner removes the fan from their followers: the review is hidden from them again.
  await page.goto('/profile');
  await page.getByTestId('profile-stat-Followers').getByRole('link').click();
  await expect(page.getByRole('heading', { level: 1, name: 'Your Followers' })).toBeVisible();
  await page.getByRole('button', { name: `Remove follower ${nameOf(fan)}` }).click();
  await expect(page.getByRole('article', { name: nameOf(fan) })).toHaveCount(0);
  await openProfile(fanPage, owner);
  await expect(fanPage.getByText('This account is private')).toBeVisible();
  await expect(
    fanPage.getByRole('button', { name: `Request to follow ${nameOf(owner)}` }),
  ).toBeVisible();
  await other.close();
});
