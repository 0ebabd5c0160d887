/**
 * Every page of the app, signed out and in, at desktop and phone widths, checked by axe
 * against WCAG 2.2 AA and its best practices. The pages come from the client's own route table, so a new page is
 * checked without editing this file.
 */
import { expect, test, type Page } from '@playwright/test';
import { AXE_WIDTHS, violations, settle } from './support/axe';
import { paths, pathTo } from '../src/client/config/paths';
import { signedInReader } from './support/reader';
import { pastConcerts } from './support/concerts';

/** A person of the demo catalogue, for the pages about someone else. */
const DEMO_USERNAME = 'mayasees_shows';

/** Every signed-in route of the app's route table. */
const signedInPatterns = Object.values(paths).filter(
  (path) => path !== paths.landing && path !== paths.auth,
);

/** `pattern` filled in with a past demo concert, its artist and venue, and a demo person. */
async function pathOfDemoPage(page: Page, pattern: string): Promise<string> {
  const values: Record<string, string> = {
    username: DEMO_USERNAME,
    year: String(new Date().getFullYear()),
    // The pages of a mail's links (unsubscribe, verify) show their button whatever they hold.
    token: 'a-mailed-link',
  };
  if (pattern.includes(':id')) {
    const concert = (await pastConcerts(page)).find((c) => c.artistId && c.venueId)!;
    values.id =
      pattern === paths.artist
        ? concert.artistId!
        : pattern === paths.venue
          ? concert.venueId!
          : concert.id;
  }
  return pathTo(pattern, values);
}

for (const size of AXE_WIDTHS) {
  test.describe(`accessibility at ${size.name} width`, () => {
    test.use({ viewport: { width: size.width, height: size.height } });

    test('signed-out pages', async ({ page }) => {
      for (const path of [paths.landing, paths.auth]) {
        await page.goto(path);
        await settle(page);
        expect(await violations(page), path).toEqual([]);
      }
    });

    test.describe('signed in', () => {
      test.use({ storageState: signedInReader });

      // One test a page, so a slow machine spends each page's time on that page alone.
      for (const pattern of signedInPatterns) {
        test(`signed-in page ${pattern}`, async ({ page }) => {
          const path = await pathOfDemoPage(page, pattern);
          await page.goto(path);
          await settle(page);
          expect(await violations(page), path).toEqual([]);
        });
      }

      test('the review, comments and photo dialogs', async ({ page }) => {
        const past = await pastConcerts(page);
        // A concert of the demo data with a review that has photos and one with comments.
        let withPhotos: string | undefined;
        for (const concert of past.filter((c) => c.averageRating).slice(0, 40)) {
          const response = await page.request.get(`/api/concerts/${concert.id}/reviews`);
          const reviews = (await response.json()) as { media: unknown[] }[];
          if (reviews.some((review) => review.media.length > 0)) {
            withPhotos = concert.id;
            break;
          }
        }
        expect(withPhotos).toBeDefined();
        await page.goto(`/concerts/${withPhotos}`);
        await settle(page);

        await page
          .getByRole('button', { name: /^Open photo 1 of/ })
          .first()
          .click();
        await expect(page.getByRole('dialog', { name: /^Photos and videos by/ })).toBeVisible();
        expect(await violations(page, '[role="dialog"]'), 'lightbox').toEqual([]);
        await page.keyboard.press('Escape');

        await page
          .getByRole('button', { name: /^Comments \(/ })
          .first()
          .click();
        const comments = page.getByRole('dialog', { name: /^Review by/ });
        await expect(comments.getByRole('button', { name: 'Post Comment' })).toBeVisible();
        await expect(comments.getByText('Loading comments')).toHaveCount(0);
        expect(await violations(page, '[role="dialog"]'), 'comments').toEqual([]);
        await page.keyboard.press('Escape');

        await page.getByRole('button', { name: 'Write Review' }).click();
        await expect(page.getByRole('dialog', { name: 'Write a Concert Review' })).toBeVisible();
        expect(await violations(page, '[role="dialog"]'), 'review dialog').toEqual([]);
      });

      test('the Dates popover on Discover', async ({ page }) => {
        await page.goto(paths.discover);
        // On a phone the filters fold behind a button.
        if (size.name === 'phone') await page.getByRole('button', { name: 'Filters' }).click();
        const trigger = page.getByRole('button', { name: /Dates/ });
        await trigger.click();
        const dialog = page.getByRole('dialog', { name: 'Choose dates' });
        await expect(dialog).toBeVisible();
        // Focus starts in the calendar, on a day, and the arrow keys move it.
        const focusedDay = dialog.locator('td button:focus');
        await expect(focusedDay).toHaveCount(1);
        const before = await focusedDay.getAttribute('aria-label');
        await page.keyboard.press('ArrowRight');
        await expect(focusedDay).toHaveCount(1);
        expect(await focusedDay.getAttribute('aria-label')).not.toBe(before);
        expect(await violations(page)).toEqual([]);
        await page.keyboard.press('Escape');
        await expect(dialog).toBeHidden();
        await expect(trigger).toBeFocused();
      });
    });
  });
}
