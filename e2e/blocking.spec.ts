import { expect, test, type Page } from '@playwright/test';
import type { CurrentUser } from '../src/shared/schemas/users';
import { findablePerson, nameOf, signUp, signUpElsewhere } from './support/accounts';
import { postReview } from './support/reviews';
import { pastConcert } from './support/concerts';

async function usernameOf(page: Page): Promise<string> {
  const answer = await page.request.get('/api/user');
  expect(answer.status()).toBe(200);
  return ((await answer.json()) as CurrentUser).username!;
}

test("block from a profile: each one's reviews are gone for the other; Settings → Blocked accounts → Unblock brings them back", async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(150_000);
  const {
    context: other,
    page: beaPage,
    person: bea,
  } = await signUpElsewhere(browser, baseURL, findablePerson('Bea', 'Lark'));
  const avery = await signUp(page, findablePerson('Avery', 'Reed'));
  const [beaUsername, averyUsername] = [await usernameOf(beaPage), await usernameOf(page)];

  const concert = await pastConcert(page, 16);
  await postReview(beaPage, concert.id, 'Bea: the horns in the second set were perfect.');
  await postReview(page, concert.id, 'Avery: the sound was muddy at the back.');
  const beaReview = page.getByRole('article', { name: `Review by ${nameOf(bea)}` });
  await expect(beaReview).toBeVisible();
  const averyReviewSeenByBea = beaPage.getByRole('article', { name: `Review by ${nameOf(avery)}` });
  await beaPage.reload();
  await expect(averyReviewSeenByBea).toBeVisible();

  // Avery blocks Bea from her profile, after saying yes to the question.
  await page.goto(`/users/${beaUsername}`);
  await expect(
    page.getByRole('heading', { level: 1, name: `${nameOf(bea)}'s profile` }),
  ).toBeVisible();
  await page.getByRole('button', { name: 'More' }).click();
  await page.getByRole('menuitem', { name: 'Block' }).click();
  const question = page.getByRole('alertdialog', { name: `Block ${nameOf(bea)}?` });
  await expect(question).toBeVisible();
  await question.getByRole('button', { name: 'Block', exact: true }).click();
  await expect(question).toHaveCount(0);
  await expect(page.getByRole('heading', { name: `You blocked ${nameOf(bea)}` })).toBeVisible();
  await expect(page.getByRole('button', { name: `Follow ${nameOf(bea)}` })).toHaveCount(0);

  // Gone on both sides: the concert page, and Avery's profile is nobody to Bea.
  await page.goto(`/concerts/${concert.id}`);
  await expect(page.getByRole('article', { name: `Review by ${nameOf(avery)}` })).toBeVisible();
  await expect(beaReview).toHaveCount(0);
  await beaPage.reload();
  await expect(beaPage.getByRole('article', { name: `Review by ${nameOf(bea)}` })).toBeVisible();
  await expect(averyReviewSeenByBea).toHaveCount(0);
  await beaPage.goto(`/users/${averyUsername}`);
  await expect(beaPage.getByRole('heading', { level: 1, name: 'User not found' })).toBeVisible();

  // Settings lists Bea; Unblock brings her reviews back.
  await page.goto('/settings');
  const blocked = page.getByRole('list', { name: 'Blocked accounts' });
  const row = blocked.getByRole('article', { name: nameOf(bea) });
  await expect(row).toBeVisible();
  await row.getByRole('button', { name: 'Unblock' }).click();
  await expect(page.getByText('You have not blocked anyone.')).toBeVisible();
  await page.goto(`/concerts/${concert.id}`);
  await expect(beaReview).toBeVisible();
  await beaPage.reload();
  await expect(
    beaPage.getByRole('heading', { level: 1, name: `${nameOf(avery)}'s profile` }),
  ).toBeVisible();
  await other.close();
});
