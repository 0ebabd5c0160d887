import { expect, test, type Browser, type Page } from '@playwright/test';
import { violations } from './support/axe';
import { findablePerson, nameOf, signUp } from './support/accounts';
import { postReview } from './support/reviews';
import { pastConcert } from './support/concerts';
import { describeAtEachWidth } from './support/widths';

async function writeReview(page: Page, offset: number, text: string) {
  const concert = await pastConcert(page, offset);
  await postReview(page, concert.id, text);
  await expect(page).toHaveURL(new RegExp(`/concerts/${concert.id}$`));
  return concert;
}

async function noSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
}

async function secondPerson(browser: Browser, options: Parameters<Browser['newContext']>[0]) {
  const context = await browser.newContext(options);
  return { context, page: await context.newPage() };
}

describeAtEachWidth(
  'Social',
  { desktop: 12, phone: 13 },
  ({ viewport, touch, concerts: concertOffset }) => {
    test('follow from Find Friends, read their review under Following, browse profiles and lists, unfollow', async ({
      page,
      browser,
      baseURL,
    }) => {
      test.setTimeout(150_000);
      const b = await secondPerson(browser, {
        baseURL,
        viewport,
        isMobile: touch,
        hasTouch: touch,
      });
      const bea = await signUp(b.page, findablePerson('Bea', 'Quill'));
      const avery = await signUp(page, findablePerson('Avery', 'Stone'));

      // A finds B and follows them.
      await page.goto('/search-users');
      await expect(page.getByRole('heading', { level: 1, name: 'Find Friends' })).toBeVisible();
      // Before anything is typed: suggestions (none yet for someone new, without a city).
      await expect(page.getByRole('heading', { name: 'Suggested for you' })).toBeVisible();
      await expect(page.getByRole('heading', { name: 'No suggestions yet' })).toBeVisible();
      const search = page.getByLabel('Search users by username or name');
      await search.fill('B');
      await expect(page.getByText('Type at least 2 characters to search for users')).toBeVisible();
      await search.fill('zzqx nobody at all');
      await expect(page.getByText('No users found matching the query.')).toBeVisible();
      await search.fill(bea.lastName);
      const card = page.getByRole('article', { name: nameOf(bea) });
      await expect(card).toBeVisible();
      await card.getByRole('button', { name: `Follow ${nameOf(bea)}` }).click();
      await expect(card.getByRole('button', { name: `Following ${nameOf(bea)}` })).toBeVisible();
      await expect(page.getByText('User followed successfully').first()).toBeVisible();
      await noSidewaysScroll(page);
      expect(await violations(page), 'Find Friends').toEqual([]);

      // B reviews a concert; A reads it under Following.
      const text = `Bea's take: the encore went on for twenty glorious minutes.`;
      const concert = await writeReview(b.page, concertOffset, text);
      await page.goto('/timeline');
      await expect(page.getByRole('heading', { level: 1, name: 'Social Timeline' })).toBeVisible();
      await expect(page.getByRole('tab', { name: 'Following' })).toHaveAttribute(
        'aria-selected',
        'true',
      );
      const review = page.getByRole('article', { name: `Review by ${nameOf(bea)}` });
      await expect(review).toContainText(text);
      const timelineSearch = page.getByPlaceholder('Search reviews, artists, or users...');
      await timelineSearch.fill(concert.artist);
      await expect(review).toBeVisible();
      await timelineSearch.fill('zzqx nothing like this');
      await expect(page.getByRole('heading', { name: 'No reviews found' })).toBeVisible();
      await page.getByRole('button', { name: 'Clear Search', exact: true }).click();
      await expect(review).toBeVisible();
      await page.getByRole('button', { name: 'Filter' }).click();
      await page.getByLabel('With photos only').check();
      await expect(page.getByRole('heading', { name: 'No reviews found' })).toBeVisible();
      expect(await violations(page), 'timeline filters').toEqual([]);
      await page.getByRole('button', { name: 'Reset filters' }).click();
      await page.keyboard.press('Escape');
      await expect(review).toBeVisible();
      await page.getByRole('tab', { name: 'Trending' }).click();
      await expect(page.getByRole('article').first()).toBeVisible();
      await noSidewaysScroll(page);

      // B's profile, from the review's author link.
      await page.getByRole('tab', { name: 'Following' }).click();
      await review.getByRole('link', { name: nameOf(bea) }).click();
      await expect(
        page.getByRole('heading', { level: 1, name: `${nameOf(bea)}'s profile` }),
      ).toBeVisible();
      await expect(page.getByRole('button', { name: `Following ${nameOf(bea)}` })).toBeVisible();
      await expect(page.getByTestId('profile-stat-Followers')).toHaveText('1');
      await expect(page.getByTestId('profile-stat-Reviews')).toHaveText('1');
      await expect(page.getByRole('tab', { name: 'Wishlist' })).toHaveCount(0);
      const recent = page.getByRole('region', { name: 'Recent Reviews' });
      await expect(recent).toContainText(text);
      await expect(page.getByText('First Review', { exact: true })).toBeVisible();
      await expect(
        page.getByRole('heading', { level: 2, name: 'Artists', exact: true }),
      ).toBeVisible();
      await expect(page.getByText(`${nameOf(bea)} follows no artists yet.`)).toBeVisible();
      await page.getByRole('tab', { name: 'Reviews' }).click();
      await expect(page.getByRole('article', { name: `Review by ${nameOf(bea)}` })).toContainText(
        text,
      );
      await page.getByRole('tab', { name: 'History' }).click();
      await expect(page.getByRole('article', { name: concert.artist })).toBeVisible();
      await noSidewaysScroll(page);
      expect(await violations(page), 'profile history').toEqual([]);

      // Her followers list has A.
      await page.getByRole('link', { name: '1 Followers' }).click();
      await expect(
        page.getByRole('heading', { level: 1, name: `Followers of ${nameOf(bea)}` }),
      ).toBeVisible();
      await expect(page.getByRole('article', { name: nameOf(avery) })).toBeVisible();

      // A's own profile: tabs, Wishlist, the Edit Profile dialog, and their Following list.
      await page.goto('/profile');
      await expect(page.getByRole('heading', { level: 1, name: 'My Profile' })).toBeVisible();
      await expect(page.getByTestId('profile-stat-Following')).toHaveText('1');
      for (const tab of ['Overview', 'Reviews', 'History', 'Wishlist']) {
        await page.getByRole('tab', { name: tab }).click();
        await expect(page.getByRole('tab', { name: tab })).toHaveAttribute('aria-selected', 'true');
      }
      await expect(page.getByRole('heading', { name: 'No concerts saved' })).toBeVisible();
      expect(await violations(page), 'own profile').toEqual([]);
      await page.getByRole('tab', { name: 'Overview' }).click();
      await expect(
        page.getByRole('heading', { level: 2, name: 'Artists', exact: true }),
      ).toBeVisible();
      await expect(
        page.getByText('Follow artists from their pages to see them here.'),
      ).toBeVisible();
      await page.getByRole('button', { name: 'Edit Profile' }).click();
      await expect(page.getByRole('dialog', { name: 'Edit Profile' })).toBeVisible();
      await page.keyboard.press('Escape');
      await noSidewaysScroll(page);

      await page.getByRole('link', { name: '1 Following' }).click();
      await expect(
        page.getByRole('heading', { level: 1, name: 'People You Follow' }),
      ).toBeVisible();
      const followed = page.getByRole('article', { name: nameOf(bea) });
      await expect(followed).toBeVisible();
      expect(await violations(page), 'following list').toEqual([]);
      await followed.getByRole('button', { name: `Unfollow ${nameOf(bea)}` }).click();
      await expect(page.getByText('User unfollowed successfully').first()).toBeVisible();
      await expect(page.getByRole('heading', { name: 'Not following anyone yet' })).toBeVisible();

      // Her timeline entry is gone from A's Following feed, so the timeline opens on Trending.
      await page.goto('/timeline');
      await expect(page.getByRole('tab', { name: 'Trending' })).toHaveAttribute(
        'aria-selected',
        'true',
      );
      await page.getByRole('tab', { name: 'Following' }).click();
      await expect(page.getByRole('link', { name: 'Discover Users' })).toBeVisible();
      await b.context.close();
    });
  },
);

test('an unknown username says so', async ({ page }) => {
  await signUp(page);
  await page.goto('/users/nobody-by-this-name-zzqx');
  await expect(page.getByRole('heading', { level: 1, name: 'User not found' })).toBeVisible();
});
