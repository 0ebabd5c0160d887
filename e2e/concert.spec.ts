import { expect, test } from '@playwright/test';
import { signUp } from './support/accounts';
import { signedInReader } from './support/reader';
import { dayKey, listConcerts, pastConcerts } from './support/concerts';

const shortDate = (day: string) =>
  new Date(`${day.slice(0, 10)}T12:00:00`).toLocaleDateString('en-US', {
    month: 'short',
    day: 'numeric',
    year: 'numeric',
  });

const longDate = (day: string) =>
  new Date(`${day.slice(0, 10)}T12:00:00`).toLocaleDateString('en-US', {
    weekday: 'long',
    month: 'long',
    day: 'numeric',
    year: 'numeric',
  });

test.describe('Concert detail', () => {
  test('an upcoming concert: details, tickets, saving and the first review', async ({ page }) => {
    await signUp(page);
    const upcoming = await listConcerts(page, { startDate: dayKey() });
    const concert = upcoming.find((c) => !c.averageRating) ?? upcoming[0]!;
    await page.goto(`/concerts/${concert.id}`);

    await expect(page.getByRole('heading', { level: 1, name: concert.artist })).toBeVisible();
    const details = page.getByRole('complementary', { name: 'Concert facts' });
    await expect(details.getByRole('heading', { name: 'Event Details' })).toBeVisible();
    await expect(details).toContainText(concert.venue);
    await expect(details).toContainText(concert.city);
    await expect(details).toContainText(longDate(concert.date));
    await expect(details).toContainText(concert.time ?? '8:00 PM');
    await expect(details.getByText('Historical')).toHaveCount(0);
    const tickets = details.getByRole('link', { name: /Buy Tickets/ });
    await expect(tickets).toHaveAttribute('href', concert.ticketUrl!);
    await expect(tickets).toHaveAttribute('target', '_blank');

    const save = page.getByRole('button', { name: 'Add to Wishlist' });
    await save.click();
    const saved = page.getByRole('button', { name: 'Wishlisted' });
    await expect(saved).not.toHaveAttribute('aria-busy');
    await expect(saved).not.toHaveAttribute('aria-pressed');
    await expect(page.getByText('Added to wishlist', { exact: true }).first()).toBeVisible();
    await page.reload();
    await expect(page.getByRole('button', { name: 'Wishlisted' })).toBeVisible();

    // A concert still to come cannot be reviewed yet: the page says from when it can.
    await expect(
      page.getByText(`Reviews open on ${shortDate(concert.date)}`).first(),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: 'Write Review' })).toHaveCount(0);
    if (!concert.averageRating) {
      await expect(page.getByRole('heading', { name: 'Average Ratings' })).toHaveCount(0);
    }
  });

  test.describe('read by the shared reader', () => {
    test.use({ storageState: signedInReader });

    test('a past concert is Historical, links its setlist and lists its reviews', async ({
      page,
    }) => {
      const past = await pastConcerts(page);
      const concert = past.find((c) => c.averageRating) ?? past[0]!;
      const reviewsResponse = await page.request.get(`/api/concerts/${concert.id}/reviews`);
      const reviews = (await reviewsResponse.json()) as {
        user: { username: string | null };
        reviewText: string;
      }[];
      await page.goto(`/concerts/${concert.id}`);

      const details = page.getByRole('complementary', { name: 'Concert facts' });
      await expect(details.getByText('Historical')).toBeVisible();
      await expect(details.getByText('Setlist')).toBeVisible();
      await expect(details.getByText('Buy Tickets')).toHaveCount(0);

      if (reviews.length === 0) {
        await expect(page.getByRole('button', { name: 'Write the first review' })).toBeVisible();
        return;
      }
      const averages = details
        .locator('[data-slot="card"]')
        .filter({ has: page.getByRole('heading', { name: 'Average Ratings' }) });
      await expect(averages).toBeVisible();
      for (const label of ['Overall', 'Performance', 'Sound Quality', 'Venue', 'Value for Money']) {
        await expect(averages.getByText(label, { exact: true })).toBeVisible();
      }
      const entries = page.getByRole('region', { name: /Reviews/ }).getByRole('article');
      await expect(entries).toHaveCount(reviews.length);
      await expect(entries.first()).toContainText(reviews[0]!.reviewText.slice(0, 40));
      await expect(
        entries.first().getByRole('button', { name: /^(Like|Unlike) review \(\d+ likes?\)$/ }),
      ).toBeVisible();
      await expect(
        entries.first().getByRole('button', { name: /^Comments \(\d+\)$/ }),
      ).toBeVisible();

      const author = reviews[0]!.user.username;
      if (author) {
        await expect(entries.first()).toContainText(`@${author}`);
        // The author's name leads to their profile (the time, to the review's own page).
        await entries.first().getByRole('link').first().click();
        await expect(page).toHaveURL(new RegExp(`/profile/${author}$`));
      }
    });

    test('an unknown concert shows Concert not found with a way back', async ({ page }) => {
      await page.goto('/concerts/no-such-concert');
      await expect(page.getByRole('heading', { name: 'Concert not found' })).toBeVisible();
      await page.getByRole('link', { name: 'Back to Discover' }).click();
      await expect(page).toHaveURL(/\/discover$/);
    });
  });
});
