/**
 * The one search (issue #42): the header's field from the keyboard, the results page with
 * its filters, and the phone's way in, each checked by axe. The forgiving cases themselves
 * are the API's tests (src/server/modules/search/search.test.ts).
 */
import { expect, test } from '@playwright/test';
import { AXE_WIDTHS, settle, violations } from './support/axe';
import { signedInReader } from './support/reader';

test.use({ storageState: signedInReader });

test('from the keyboard: "/" opens the field, arrows choose, Enter opens the artist', async ({
  page,
}) => {
  await page.goto('/discover');
  await settle(page);
  await page.keyboard.press('/');
  const field = page.getByRole('combobox', { name: 'Search Encore' });
  await expect(field).toBeFocused();
  await expect(field).toHaveAttribute('placeholder', 'Search artists, venues, concerts, people');
  await page.keyboard.type('bjorn lindqvist');

  const suggestions = page.getByRole('listbox', { name: 'Suggestions' });
  const artists = suggestions.getByRole('group', { name: 'Artists' });
  await expect(artists.getByRole('option', { name: /Björn Lindqvist/ })).toBeVisible();
  await expect(suggestions.getByRole('option', { name: 'See all results' })).toBeVisible();
  expect(await violations(page)).toEqual([]);

  await page.keyboard.press('ArrowDown');
  await expect(artists.getByRole('option', { name: /Björn Lindqvist/ })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/artists\//);
  await expect(page.getByRole('heading', { level: 1, name: 'Björn Lindqvist' })).toBeVisible();

  // Ctrl+K from anywhere; Escape closes the list, then empties the field.
  await page.keyboard.press('Control+k');
  await expect(field).toBeFocused();
  await page.keyboard.type('gravel and glory');
  await expect(
    suggestions
      .getByRole('group', { name: 'Artists' })
      .getByRole('option', { name: /Gravel & Glory/ }),
  ).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(suggestions).toBeHidden();
  await page.keyboard.press('Escape');
  await expect(field).toHaveValue('');
});

test('the results page lists every group, and filters to one', async ({ page }) => {
  await page.goto('/search?q=cafe%20wicker');
  await expect(page.getByRole('heading', { level: 1, name: 'Search' })).toBeVisible();
  const venues = page.getByRole('list', { name: 'Venues' });
  await expect(venues.getByRole('link', { name: /Café Wicker/ })).toBeVisible();

  await page
    .getByRole('navigation', { name: 'Filter results' })
    .getByRole('link', { name: 'Venues' })
    .click();
  await expect(page).toHaveURL(/\/search\?q=cafe\+wicker&type=venues$/);
  await expect(
    page.getByRole('navigation', { name: 'Filter results' }).getByRole('link', { name: 'Venues' }),
  ).toHaveAttribute('aria-current', 'page');
  await expect(venues.getByRole('link', { name: /Café Wicker/ })).toBeVisible();
  for (const { width, height } of AXE_WIDTHS) {
    await page.setViewportSize({ width, height });
    expect(await violations(page), `at ${width} px`).toEqual([]);
  }

  const field = page.getByRole('searchbox', { name: 'Search for' });
  await field.fill('xqzv nothing like it');
  await expect(
    page.getByRole('heading', { name: '“xqzv nothing like it”', exact: false }),
  ).toBeVisible();
});

test('on a phone: the header’s search leads to the page, which finds as one types', async ({
  page,
}) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto('/discover');
  await settle(page);
  await page.getByRole('link', { name: 'Search Encore' }).click();
  await expect(page).toHaveURL(/\/search$/);
  const field = page.getByRole('searchbox', { name: 'Search for' });
  await expect(field).toBeFocused();
  await field.fill('leon ferreira');
  await expect(page).toHaveURL(/\/search\?q=leon\+ferreira$/);
  await expect(
    page.getByRole('list', { name: 'Artists' }).getByRole('link', { name: /León Ferreira/ }),
  ).toBeVisible();
  expect(await violations(page)).toEqual([]);
});
