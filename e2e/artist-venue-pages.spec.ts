/**
 * Artist and venue pages, reached the way people reach them: from a concert card on
 * Discover and from the names on a concert page. Following an artist, a room nobody has
 * reviewed yet, a signed-out reader, and axe at desktop and phone widths.
 */
import { expect, test, type Page } from '@playwright/test';
import { AXE_WIDTHS, violations, settle } from './support/axe';
import type { VenuePage } from '../src/shared/schemas/catalogue';
import { signUp } from './support/accounts';
import { pastConcerts } from './support/concerts';
import { signedInReader } from './support/reader';

/** From Discover's first card to its concert page, by the card's title. */
async function openFirstConcert(page: Page): Promise<{ artist: string; venue: string }> {
  await page.goto('/discover');
  const card = page.getByRole('article').first();
  const artist = await card.getByRole('heading').innerText();
  const venue = await card.getByRole('link').nth(1).innerText();
  await card.getByRole('link', { name: artist, exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: artist })).toBeVisible();
  return { artist, venue };
}

/** The number in "N followers" / "1 follower". */
async function followers(page: Page): Promise<number> {
  const line = page.getByText(/^\d+ followers?$/);
  await expect(line).toBeVisible();
  return Number.parseInt(await line.innerText(), 10);
}

test.describe('Artist and venue pages', () => {
  test('a concert card’s venue name opens the venue page; its title still opens the concert', async ({
    page,
  }) => {
    await signUp(page);
    await page.goto('/discover');
    const card = page.getByRole('article').first();
    const artist = await card.getByRole('heading').innerText();
    const venueLink = card.getByRole('link').nth(1);
    const venue = await venueLink.innerText();

    // Keyboard: the title's link, then the venue's, each its own stop.
    await card.getByRole('link', { name: artist, exact: true }).focus();
    await page.keyboard.press('Tab');
    await expect(venueLink).toBeFocused();
    await page.keyboard.press('Enter');

    await expect(page).toHaveURL(/\/venues\/[0-9a-f-]{36}$/);
    await expect(page.getByRole('heading', { level: 1, name: venue })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Upcoming shows' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Past shows' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Average Ratings' })).toBeVisible();
    // The show the card was for is among the room's upcoming shows, by its artist.
    const upcoming = page.getByRole('heading', { name: 'Upcoming shows' }).locator('xpath=../..');
    await expect(upcoming.getByRole('link', { name: artist, exact: true }).first()).toBeVisible();

    await page.goBack();
    await page
      .getByRole('article')
      .first()
      .getByRole('link', { name: artist, exact: true })
      .click();
    await expect(page).toHaveURL(/\/concerts\//);
    await expect(page.getByRole('heading', { level: 1, name: artist })).toBeVisible();
  });

  test('the concert page’s names lead to the artist and venue; following an artist', async ({
    page,
  }) => {
    await signUp(page);
    const { artist, venue } = await openFirstConcert(page);

    await page.getByRole('heading', { level: 1 }).getByRole('link', { name: artist }).click();
    await expect(page).toHaveURL(/\/artists\/[0-9a-f-]{36}$/);
    await expect(page.getByRole('heading', { level: 1, name: artist })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Upcoming shows' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Past shows' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Overall rating by month' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Songs most loved live' })).toBeVisible();

    const before = await followers(page);
    const follow = page.getByRole('button', { name: 'Follow artist' });
    await follow.click();
    const following = page.getByRole('button', { name: 'Following artist' });
    await expect(following).toBeVisible();
    await expect(following).not.toHaveAttribute('aria-busy');
    await expect(following).toBeFocused();
    expect(await followers(page)).toBe(before + 1);
    await page.reload();
    await expect(page.getByRole('button', { name: 'Following artist' })).toBeVisible();
    expect(await followers(page)).toBe(before + 1);

    await page.getByRole('button', { name: 'Following artist' }).click();
    await expect(page.getByRole('button', { name: 'Follow artist' })).not.toHaveAttribute(
      'aria-busy',
    );
    expect(await followers(page)).toBe(before);

    // From one of the artist's shows back to a concert, and on to its venue.
    await page.goBack();
    await expect(page.getByRole('heading', { level: 1, name: artist })).toBeVisible();
    await page
      .getByRole('complementary', { name: 'Concert facts' })
      .getByRole('link', { name: venue })
      .click();
    await expect(page).toHaveURL(/\/venues\/[0-9a-f-]{36}$/);
    await expect(page.getByRole('heading', { level: 1, name: venue })).toBeVisible();
  });

  test('a room nobody has reviewed yet says so kindly', async ({ page }) => {
    await signUp(page);
    // The demo catalogue holds a past show in a room with no reviews.
    let quiet: { concertId: string; venue: string } | undefined;
    for (const concert of (await pastConcerts(page)).filter((c) => !c.averageRating)) {
      const room = (await (
        await page.request.get(`/api/venues/${concert.venueId}`)
      ).json()) as VenuePage;
      if (room.averages.allTime.reviewCount === 0) {
        quiet = { concertId: concert.id, venue: concert.venue };
        break;
      }
    }
    expect(quiet).toBeDefined();
    await page.goto(`/concerts/${quiet!.concertId}`);
    const facts = page.getByRole('complementary', { name: 'Concert facts' });
    await facts.getByRole('link', { name: quiet!.venue }).click();

    await expect(page.getByRole('heading', { level: 1, name: quiet!.venue })).toBeVisible();
    await expect(
      page.getByText('No reviews of shows here yet: the averages appear with the first one.'),
    ).toBeVisible();
    await expect(page.getByText('No reviewed shows in the last 12 months yet.')).toBeVisible();
    await expect(page.getByText('No show here has 3 reviews yet')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Past shows' })).toBeVisible();
  });

  test('unknown ids say "Artist not found" and "Venue not found"', async ({ page }) => {
    await signUp(page);
    await page.goto('/artists/00000000-0000-4000-8000-000000000000');
    await expect(page.getByRole('heading', { level: 1, name: 'Artist not found' })).toBeVisible();
    await page.goto('/venues/not-a-venue');
    await expect(page.getByRole('heading', { level: 1, name: 'Venue not found' })).toBeVisible();
  });

  test('signed out, the page reads and its follow button leads to sign in', async ({ page }) => {
    const concert = (await pastConcerts(page)).find((c) => c.artistId)!;
    await page.goto(`/artists/${concert.artistId}`);
    await expect(page.getByRole('heading', { level: 1, name: concert.artist })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Past shows' })).toBeVisible();
    await page.getByRole('link', { name: 'Follow artist' }).click();
    await expect(page).toHaveURL(/\/auth$/);
  });
});

for (const size of AXE_WIDTHS) {
  test.describe(`artist and venue pages at ${size.name} width`, () => {
    test.use({ viewport: { width: size.width, height: size.height } });

    const pagesOf = async (page: Page) => {
      const concert = (await pastConcerts(page)).find((c) => c.averageRating)!;
      return [`/artists/${concert.artistId}`, `/venues/${concert.venueId}`];
    };

    test('signed out pass axe', async ({ page }) => {
      for (const path of await pagesOf(page)) {
        await page.goto(path);
        await settle(page);
        expect(await violations(page), path).toEqual([]);
        // Nothing (the charts' tables for screen readers included) widens the page.
        expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBe(
          size.width,
        );
      }
    });

    test.describe('signed in', () => {
      test.use({ storageState: signedInReader });

      test('pass axe', async ({ page }) => {
        for (const path of await pagesOf(page)) {
          await page.goto(path);
          await settle(page);
          expect(await violations(page), path).toEqual([]);
        }
      });
    });
  });
}
