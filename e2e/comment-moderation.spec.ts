import { expect, test, type Page } from '@playwright/test';
import { newPerson, signUp } from './support/accounts';
import { pastConcert } from './support/concerts';
import { deleteOnlyComment, postReview } from './support/reviews';

// A concert no other test reviews (reviews.spec.ts takes the last and the fourth from last).
const CONCERT_FROM_END = 6;

const commentsOf = (page: Page, author: string) =>
  page.getByRole('dialog', { name: `Review by ${author}` });

test('the author of a review deletes someone else’s comment on it', async ({ browser }) => {
  // Two people sign up, one reviews and the other comments: more than one person's default
  // time on a busy machine, as for the other tests with two people.
  test.setTimeout(120_000);
  const authorPage = await (await browser.newContext()).newPage();
  const author = await signUp(authorPage, newPerson({ firstName: 'Ana', lastName: 'Lima' }));
  const authorName = `${author.firstName} ${author.lastName}`;
  const concert = await pastConcert(authorPage, CONCERT_FROM_END);
  await postReview(authorPage, concert.id, 'A night to remember from the first note.');

  // Someone else comments on it.
  const otherPage = await (await browser.newContext()).newPage();
  await signUp(otherPage, newPerson({ firstName: 'Sam', lastName: 'Spammer' }));
  await otherPage.goto(`/concerts/${concert.id}`);
  const review = otherPage.getByRole('article', { name: `Review by ${authorName}` });
  await review.getByRole('button', { name: 'Comments (0)' }).click();
  const theirs = commentsOf(otherPage, authorName);
  await theirs.getByLabel('Your comment').fill('Buy followers at example.com');
  await theirs.getByRole('button', { name: 'Post Comment' }).click();
  // The list is asked for again after the post: on a busy machine that takes a while.
  await expect(theirs.getByRole('article')).toContainText('Buy followers at example.com', {
    timeout: 15_000,
  });

  // The review's author sees Delete on it, and deletes it.
  await authorPage.reload();
  await authorPage
    .getByRole('article', { name: `Review by ${authorName}` })
    .getByRole('button', { name: 'Comments (1)' })
    .click();
  const mine = commentsOf(authorPage, authorName);
  const comment = mine.getByRole('article').filter({ hasText: 'Buy followers at example.com' });
  await deleteOnlyComment(mine, comment);

  // It is gone for its writer too.
  await otherPage.reload();
  await expect(
    otherPage
      .getByRole('article', { name: `Review by ${authorName}` })
      .getByRole('button', { name: 'Comments (0)' }),
  ).toBeVisible();
});
