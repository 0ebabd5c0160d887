import { expect, test } from '@playwright/test';
import { GENRES, TRENDING_GENRES } from '../src/shared/limits';
import { signUp } from './support/accounts';
import { signedInReader } from './support/reader';
import {
  countLine,
  dayKey,
  foundText,
  listConcerts,
  pastConcerts,
  readCount,
  totalFound,
} from './support/concerts';

const genreName = (slug: string) => GENRES.find((g) => g.slug === slug)!.name;

test.describe('Discover Concerts', () => {
  test.use({ storageState: signedInReader });
  test('shows upcoming concerts with their details', async ({ page }) => {
    await page.goto('/discover');
    await expect(page.getByRole('heading', { name: 'Discover Concerts' })).toBeVisible();
    await expect(page.getByText('Find your next live music experience')).toBeVisible();

    const upcoming = await listConcerts(page, { startDate: dayKey() });
    const first = upcoming[0]!;
    const card = page.getByRole('article').first();
    await expect(card.getByRole('heading')).toHaveText(first.artist);
    await expect(card).toContainText(first.venue);
    await expect(card).toContainText(first.city);
    await expect(card).toContainText(first.time ?? '8:00 PM');
    await expect(card).toContainText(first.price ?? 'Price TBA');
    const tickets = card.getByRole('link', { name: /Tickets/ });
    await expect(tickets).toHaveAttribute('target', '_blank');
    await expect(tickets).toHaveAttribute('rel', 'noopener noreferrer');
    // The heart's name says the state: no pressed state on top of it.
    await expect(card.getByRole('button', { name: 'Add to wishlist' })).not.toHaveAttribute(
      'aria-pressed',
    );
  });

  test('a trending genre badge filters the list and updates the count', async ({ page }) => {
    await page.goto('/discover');
    const total = await readCount(page);

    let slug = TRENDING_GENRES[0]!;
    let expected = 0;
    for (const candidate of TRENDING_GENRES) {
      const found = await totalFound(page, { genre: candidate, startDate: dayKey() });
      if (found > 0 && found < total) {
        slug = candidate;
        expected = found;
        break;
      }
    }
    expect(expected).toBeGreaterThan(0);

    const trending = page.getByRole('region', { name: 'Trending Genres' });
    const badge = trending.getByRole('button', { name: genreName(slug), exact: true });
    await badge.click();
    await expect(badge).toHaveAttribute('aria-pressed', 'true');
    await expect(page).toHaveURL(new RegExp(`[?&]genre=${slug}(&|$)`));
    await expect(countLine(page)).toHaveText(foundText(expected));
    await expect(page.getByRole('combobox', { name: 'Genre' })).toHaveText(genreName(slug));

    const cards = page.getByRole('article');
    await expect(cards).toHaveCount(Math.min(expected, 24));
    for (const card of await cards.all()) {
      await expect(card.getByText(genreName(slug), { exact: true })).toBeVisible();
    }

    // Pressing the active badge again clears the genre.
    await badge.click();
    await expect(badge).toHaveAttribute('aria-pressed', 'false');
    await expect(countLine(page)).toHaveText(foundText(total));
  });

  test('a search with no match shows the empty state, and Clear Filters brings everything back', async ({
    page,
  }) => {
    await page.goto('/discover');
    const total = await readCount(page);
    const search = page.getByRole('searchbox', { name: 'Search concerts' });
    await search.fill('zzqx no such band');
    await expect(page.getByRole('heading', { name: 'No concerts found' })).toBeVisible();
    await expect(
      page.getByText('Try adjusting your search criteria or browse by genre'),
    ).toBeVisible();
    await expect(page).toHaveURL(/search=zzqx/);

    await page.getByRole('button', { name: 'Clear Filters' }).click();
    await expect(search).toHaveValue('');
    await expect(countLine(page)).toHaveText(foundText(total));
    await expect(page).toHaveURL(/\/discover$/);
  });

  test('filters live in the address bar, so a filtered view survives a reload', async ({
    page,
  }) => {
    await page.goto('/discover');
    const [concert] = await listConcerts(page, { startDate: dayKey() });
    const citySlug = concert!.city.toLowerCase().replaceAll(' ', '-');
    await page.goto(`/discover?search=${encodeURIComponent(concert!.artist)}&city=${citySlug}`);
    await expect(page.getByRole('searchbox', { name: 'Search concerts' })).toHaveValue(
      concert!.artist,
    );
    await expect(page.getByRole('combobox', { name: 'Location' })).toContainText(concert!.city);
    await expect(page.getByRole('article', { name: concert!.artist })).toBeVisible();

    await page.reload();
    await expect(page.getByRole('article', { name: concert!.artist })).toBeVisible();
    for (const card of await page.getByRole('article').all()) {
      await expect(card).toContainText(concert!.city);
    }
  });

  test('the list view is a single column and is remembered in the address', async ({ page }) => {
    await page.goto('/discover');
    await expect(page.getByRole('article').first()).toBeVisible();
    await expect(page.getByRole('radio', { name: 'Grid view' })).toHaveAttribute(
      'aria-checked',
      'true',
    );
    await page.getByRole('radio', { name: 'List view' }).click();
    await expect(page).toHaveURL(/view=list/);
    await expect(page.locator('[data-view="list"]')).toBeVisible();

    const [first, second] = await page.getByRole('article').all();
    const a = (await first!.boundingBox())!;
    const b = (await second!.boundingBox())!;
    expect(b.y).toBeGreaterThan(a.y + a.height - 1);
    expect(Math.abs(a.x - b.x)).toBeLessThan(1);

    await page.reload();
    await expect(page.getByRole('radio', { name: 'List view' })).toHaveAttribute(
      'aria-checked',
      'true',
    );
  });

  test('Load More Concerts appends the next page until there are no more', async ({ page }) => {
    await page.goto('/discover');
    const query = { startDate: dayKey(), endDate: '2099-12-31' };
    const all = await listConcerts(page, query);
    expect(all.length).toBeGreaterThan(24);

    await page.goto(`/discover?startDate=${query.startDate}&endDate=${query.endDate}`);
    // The count is the total found, not the loaded page.
    const found = await totalFound(page, query);
    expect(found).toBeGreaterThanOrEqual(all.length);
    await expect(countLine(page)).toHaveText(foundText(found));
    await expect(page.getByRole('article')).toHaveCount(24);
    const loadMore = page.getByRole('button', { name: 'Load More Concerts' });
    await loadMore.click();
    await expect(countLine(page)).toHaveText(foundText(found));
    await expect(page.getByRole('article')).toHaveCount(Math.min(all.length, 48));
    await expect(page.getByRole('article').nth(24)).toContainText(all[24]!.artist);
    if (all.length < 48) await expect(loadMore).toBeHidden();
  });

  test('past concerts, reached through the address, offer the setlist instead of tickets', async ({
    page,
  }) => {
    await page.goto('/discover');
    const past = await pastConcerts(page);
    expect(past.length).toBeGreaterThan(0);
    await page.goto(`/discover?startDate=2000-01-01&endDate=${dayKey(-1)}`);
    const card = page.getByRole('article').first();
    await expect(card.getByText('Setlist')).toBeVisible();
    await expect(page.getByRole('link', { name: /Tickets/ })).toHaveCount(0);

    // A setlist that is not known yet is a disabled button, and clicking it goes nowhere.
    const withoutSetlist = past.slice(0, 24).find((c) => !c.setlistUrl);
    if (withoutSetlist) {
      const disabled = page
        .getByRole('article', { name: withoutSetlist.artist })
        .first()
        .getByRole('button', { name: 'Setlist' });
      await expect(disabled).toBeDisabled();
      await disabled.click({ force: true });
      await expect(page).toHaveURL(/\/discover\?/);
    }
  });

  test.describe('with a person of its own', () => {
    // Saving changes the person's wishlist: not the shared reader's.
    test.use({ storageState: { cookies: [], origins: [] } });

    test('the heart saves for real and does not open the concert', async ({ page }) => {
      await signUp(page);
      const card = page.getByRole('article').first();
      const artist = await card.getByRole('heading').innerText();
      await card.getByRole('button', { name: 'Add to wishlist' }).click();
      const saved = card.getByRole('button', { name: 'Remove from wishlist' });
      await expect(saved).not.toHaveAttribute('aria-busy');
      await expect(saved).not.toHaveAttribute('aria-pressed');
      await expect(page.getByText('Added to wishlist', { exact: true }).first()).toBeVisible();
      await expect(page).toHaveURL(/\/discover$/);

      await page.reload();
      await expect(
        page.getByRole('article', { name: artist }).getByRole('button', {
          name: 'Remove from wishlist',
        }),
      ).toBeVisible();

      await page
        .getByRole('navigation', { name: 'Main navigation' })
        .getByRole('link', { name: /Wishlist/ })
        .click();
      await expect(page.getByText('1 saved concert', { exact: true })).toBeVisible();
      await expect(page.getByRole('article', { name: artist })).toBeVisible();
    });
  });

  test('clicking a card opens the concert page', async ({ page }) => {
    await page.goto('/discover');
    const card = page.getByRole('article').first();
    const artist = await card.getByRole('heading').innerText();
    // Anywhere on the card, not only on the artist's name.
    const box = (await card.boundingBox())!;
    await card.click({ position: { x: 12, y: box.height - 12 } });
    await expect(page).toHaveURL(/\/concerts\/[^/]+$/);
    await expect(page.getByRole('heading', { level: 1, name: artist })).toBeVisible();
  });
});

test.describe('Discover on a phone (375 px)', () => {
  test.use({ storageState: signedInReader });
  test.use({ viewport: { width: 375, height: 800 }, isMobile: true, hasTouch: true });

  test('cards stack in one column and nothing overflows sideways', async ({ page }) => {
    await page.goto('/discover');
    await expect(page.getByRole('heading', { name: 'Discover Concerts' })).toBeVisible();
    await expect(countLine(page)).toBeVisible();
    const [first, second] = await page.getByRole('article').all();
    const a = (await first!.boundingBox())!;
    const b = (await second!.boundingBox())!;
    expect(b.y).toBeGreaterThan(a.y);
    expect(a.width).toBeLessThanOrEqual(375);
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    // On a phone the filters fold behind a button.
    await page.getByRole('button', { name: 'Filters' }).click();
    await page.getByRole('button', { name: 'Dates' }).click();
    await expect(page.getByRole('grid').first()).toBeVisible();
  });
});

for (const { name, viewport } of [
  { name: 'desktop', viewport: { width: 1280, height: 900 } },
  { name: 'small phone', viewport: { width: 320, height: 640 } },
]) {
  test.describe(`Discover near a person's city (${name})`, () => {
    test.use({ viewport });

    test('opens on their city with "Near you" pressed and the total counted; one click clears it', async ({
      page,
    }) => {
      await signUp(page);
      const saved = await page.request.put('/api/users/me', { data: { location: 'Chicago, IL' } });
      expect(saved.ok()).toBe(true);
      const inChicago = await totalFound(page, { city: 'chicago', startDate: dayKey() });
      const everywhere = await totalFound(page, { startDate: dayKey() });
      expect(inChicago).toBeGreaterThan(0);
      expect(inChicago).toBeLessThan(everywhere);

      await page.goto('/discover');
      const nearYou = page.getByRole('button', { name: 'Near you' });
      await expect(nearYou).toHaveAttribute('aria-pressed', 'true');
      await expect(countLine(page)).toHaveText(foundText(inChicago));

      await nearYou.click();
      await expect(nearYou).toHaveAttribute('aria-pressed', 'false');
      await expect(countLine(page)).toHaveText(foundText(everywhere));
      // Search stays in sight on a phone, with the other filters folded away.
      await expect(page.getByRole('searchbox').first()).toBeVisible();
    });
  });
}
