/**
 * The league tables (/rankings): reached by links from the landing page signed out and from
 * Discover signed in, their choices kept in the address, the rule stated in one sentence,
 * and every row a link to its venue or artist. Checked by axe at desktop and phone widths.
 */
import { expect, test, type Page } from '@playwright/test';
import { AXE_WIDTHS, violations } from './support/axe';
import { paths } from '../src/client/config/paths';
import { signedInReader } from './support/reader';

const sentence = (subjects: 'venues' | 'artists') =>
  `Scores are Bayesian averages: each is pulled toward the overall mean as if it had 10 more reviews at that mean, and only ${subjects} with at least 3 reviews are ranked.`;

/** The table's rows once loaded (the list is named by the table's heading). */
const rows = (page: Page) =>
  page.getByRole('list', { name: /, (all time|last 12 months)$/ }).getByRole('listitem');

async function settled(page: Page) {
  await expect(page.getByRole('heading', { level: 1, name: 'Rankings' })).toBeVisible();
  await expect(page.getByText('Loading rankings')).toHaveCount(0);
}

/** Scores as shown, in the order shown. */
async function scores(page: Page): Promise<number[]> {
  const texts = await rows(page).locator('p').last().allTextContents();
  return texts.map((text) => Number.parseFloat(text));
}

async function pickCity(page: Page, city: string) {
  await page.getByRole('combobox', { name: 'City' }).click();
  await page.getByRole('option', { name: city }).click();
}

test.describe('rankings, signed out', () => {
  test('from Community Favorites on the landing page', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('link', { name: 'All artist rankings' }).click();
    await expect(page).toHaveURL(/\/rankings\?kind=artists$/);
    await settled(page);
    await expect(page.getByRole('radio', { name: 'Artists' })).toBeChecked();
    await expect(page.getByText(sentence('artists'), { exact: true })).toBeVisible();
    await expect(
      page.getByText('shows with few reviews count less until more people rate them'),
    ).toBeVisible();
    // One number per row: the score, no second average beside it.
    await expect(rows(page).filter({ hasText: 'average' })).toHaveCount(0);
    await expect(rows(page).first()).toBeVisible();
    // The landing page's first artist is this table's first: the same rule. Tests beside this
    // one post reviews that can reorder the table between two reads, so both are read afresh
    // until they agree.
    await expect(async () => {
      await page.goto('/');
      const topArtist = page.getByRole('list', { name: 'Top Rated Artists' }).getByRole('listitem');
      const landingFirst = await topArtist.first().locator('p').first().textContent();
      await page.getByRole('link', { name: 'All artist rankings' }).click();
      await expect(rows(page).first().getByRole('link')).toHaveText(landingFirst!, {
        timeout: 2_000,
      });
    }).toPass({ timeout: 20_000 });

    // Read signed out: the frame offers a way to sign in.
    await expect(page.getByRole('link', { name: 'Sign in' })).toBeVisible();
    const first = rows(page).first().getByRole('link');
    await expect(first).toHaveAttribute('href', /^\/artists\/[0-9a-f-]{36}$/);
  });

  test('the Rankings link in the Community Favorites text leads to venues', async ({ page }) => {
    await page.goto('/');
    await page
      .getByRole('region', { name: 'Community Favorites' })
      .getByRole('link', { name: 'Rankings', exact: true })
      .click();
    await expect(page).toHaveURL(/\/rankings$/);
    await settled(page);
    await expect(page.getByRole('radio', { name: 'Venues' })).toBeChecked();
    await expect(page.getByText(sentence('venues'), { exact: true })).toBeVisible();
    await expect(rows(page).first().getByRole('link')).toHaveAttribute(
      'href',
      /^\/venues\/[0-9a-f-]{36}$/,
    );
  });
});

test.describe('rankings, signed in', () => {
  test.use({ storageState: signedInReader });

  test('from Discover: switch to Artists and Sound, filter a city, step back', async ({ page }) => {
    await page.goto(paths.discover);
    await page.getByRole('main').getByRole('link', { name: 'Rankings', exact: true }).click();
    await expect(page).toHaveURL(/\/rankings$/);
    await settled(page);
    await expect(page.getByText(sentence('venues'), { exact: true })).toBeVisible();

    await page.getByRole('radio', { name: 'Artists' }).click();
    await expect(page).toHaveURL(/\/rankings\?kind=artists$/);
    await page.getByRole('radio', { name: 'Sound' }).click();
    await expect(page).toHaveURL(/\/rankings\?kind=artists&aspect=sound$/);
    await pickCity(page, 'Chicago, IL');
    await expect(page).toHaveURL(/\/rankings\?kind=artists&aspect=sound&city=Chicago$/);
    await expect(
      page.getByRole('heading', { name: 'Artists in Chicago: Sound, all time' }),
    ).toBeVisible();
    await expect(page.getByText(sentence('artists'), { exact: true })).toBeVisible();

    // The table is the API's for these choices, best score first.
    const response = await page.request.get('/api/rankings?kind=artists&aspect=sound&city=Chicago');
    const table = (await response.json()) as { rows: { name: string; score: number }[] };
    expect(table.rows.length).toBeGreaterThan(0);
    await expect(rows(page)).toHaveCount(table.rows.length);
    await expect(rows(page).first().getByRole('link')).toHaveText(table.rows[0]!.name);
    const shown = await scores(page);
    expect(shown).toEqual([...shown].sort((a, b) => b - a));

    await page.getByRole('radio', { name: 'Last 12 months' }).click();
    await expect(page).toHaveURL(/period=12m$/);
    await expect(
      page.getByRole('heading', { name: 'Artists in Chicago: Sound, last 12 months' }),
    ).toBeVisible();

    // Back steps through the choices.
    await page.goBack();
    await expect(page).toHaveURL(/\/rankings\?kind=artists&aspect=sound&city=Chicago$/);
    await expect(page.getByRole('radio', { name: 'All time' })).toBeChecked();
    await page.goBack();
    await expect(page).toHaveURL(/\/rankings\?kind=artists&aspect=sound$/);
    await expect(page.getByRole('combobox', { name: 'City' })).toHaveText('All Cities');
  });

  test('a table with nobody ranked says so', async ({ page }) => {
    // A city and genre of the demo data where no venue has enough reviews.
    let empty: string | undefined;
    for (const city of ['Austin', 'Seattle', 'Denver', 'New York', 'Chicago', 'Los Angeles']) {
      for (const genre of ['classical', 'country', 'jazz', 'hip-hop', 'pop', 'rock']) {
        const query = new URLSearchParams({ city, genre, period: '12m' }).toString();
        const table = (await (await page.request.get(`/api/rankings?${query}`)).json()) as {
          rows: unknown[];
        };
        if (table.rows.length === 0) empty ??= query;
      }
      if (empty) break;
    }
    expect(empty).toBeDefined();
    await page.goto(`/rankings?${empty}`);
    await settled(page);
    await expect(
      page.getByRole('heading', { name: 'No venues have enough reviews yet' }),
    ).toBeVisible();
  });

  test('the choices work from the keyboard', async ({ page }) => {
    await page.goto(paths.rankings);
    await settled(page);
    await page.getByRole('radio', { name: 'Venues' }).focus();
    await page.keyboard.press('ArrowRight');
    await expect(page.getByRole('radio', { name: 'Artists' })).toBeFocused();
    await page.keyboard.press('Space');
    await expect(page).toHaveURL(/kind=artists/);
    await expect(page.getByText(sentence('artists'), { exact: true })).toBeVisible();
  });
});

for (const size of AXE_WIDTHS) {
  test.describe(`rankings at ${size.name} width`, () => {
    test.use({ viewport: { width: size.width, height: size.height } });

    test('signed out: no axe violations', async ({ page }) => {
      await page.goto('/rankings?kind=artists&aspect=value');
      await settled(page);
      await expect(rows(page).first()).toBeVisible();
      expect(await violations(page)).toEqual([]);
    });

    test.describe('signed in', () => {
      test.use({ storageState: signedInReader });

      test('no axe violations, and nothing scrolls sideways', async ({ page }) => {
        await page.goto('/rankings?city=Chicago');
        await settled(page);
        await expect(rows(page).first()).toBeVisible();
        expect(await violations(page)).toEqual([]);
        await page.setViewportSize({ width: 320, height: 700 });
        await expect
          .poll(() => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth))
          .toBeLessThanOrEqual(0);
      });
    });
  });
}
