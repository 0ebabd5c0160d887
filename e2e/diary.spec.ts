import { expect, test, type Page } from '@playwright/test';
import { newPerson, nameOf, signUp, signUpElsewhere, uniqueLastName } from './support/accounts';
import { violations, settle } from './support/axe';
import { dayKey, listConcerts, openPastConcert } from './support/concerts';
import { describeAtEachWidth } from './support/widths';

/** The diary's link: in the sidebar on a desktop, under the tab bar's "More" on a phone. */
async function openDiaryFromTheNavigation(page: Page, touch: boolean) {
  if (touch) {
    await page
      .getByRole('navigation', { name: 'Mobile navigation' })
      .getByRole('button', { name: 'More' })
      .click();
    await page
      .getByRole('dialog', { name: 'More' })
      .getByRole('link', { name: /^Diary/ })
      .click();
  } else {
    await page
      .getByRole('link', { name: /^Diary/ })
      .first()
      .click();
  }
  await expect(page).toHaveURL(/\/diary$/);
  await expect(page.getByRole('heading', { level: 1, name: 'My Diary' })).toBeVisible();
}

/** The first concert still to come that the app lists. */
async function upcomingConcert(page: Page) {
  const [concert] = await listConcerts(page, { startDate: dayKey(2) });
  expect(concert, 'an upcoming concert in the demo data').toBeDefined();
  return concert!;
}

describeAtEachWidth('Concert diary', { desktop: 4, phone: 5 }, ({ touch, concerts }) => {
  test('"I was there" and "Going" mark shows, and My Diary lists them by year with its numbers', async ({
    page,
  }) => {
    await signUp(page);
    const past = await openPastConcert(page, concerts);
    const wasThere = page.getByRole('button', { name: 'I was there' });
    await expect(wasThere).toHaveAttribute('aria-pressed', 'false');
    await wasThere.click();
    await expect(wasThere).toHaveAttribute('aria-pressed', 'true');

    const upcoming = await upcomingConcert(page);
    await page.goto(`/concerts/${upcoming.id}`);
    const going = page.getByRole('button', { name: 'Going', exact: true });
    await expect(going).toHaveAttribute('aria-pressed', 'false');
    await going.click();
    await expect(going).toHaveAttribute('aria-pressed', 'true');
    await page.reload();
    await expect(going).toHaveAttribute('aria-pressed', 'true');

    await openDiaryFromTheNavigation(page, touch);
    await settle(page);
    const year = page.getByRole('region', { name: past.date.slice(0, 4), exact: true });
    await expect(year.getByRole('link', { name: past.artist })).toBeVisible();
    // Only the show one was at is in the diary; the one to come is not (yet).
    await expect(page.getByRole('link', { name: upcoming.artist, exact: true })).toHaveCount(0);
    const shows = page.getByRole('term').filter({ hasText: /^Shows$/ });
    await expect(shows.locator('xpath=following-sibling::dd[1]')).toHaveText('1');
    await expect(page.getByRole('button', { name: 'Export CSV' })).toBeVisible();
    expect(await violations(page)).toEqual([]);

    // Taking the mark back empties the diary again.
    await page.goto(`/concerts/${past.id}`);
    await page.getByRole('button', { name: 'I was there' }).click();
    await expect(page.getByRole('button', { name: 'I was there' })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
    await page.goto('/diary');
    await expect(page.getByRole('heading', { name: 'No shows yet' })).toBeVisible();
  });

  test('"Friends going" shows the people one follows who are going, linking to them', async ({
    page,
    browser,
    baseURL,
  }) => {
    const friend = await signUpElsewhere(browser, baseURL, newPerson({ firstName: 'Frieda' }));
    try {
      const upcoming = await upcomingConcert(friend.page);
      const marked = await friend.page.request.put(`/api/concerts/${upcoming.id}/attendance`, {
        data: { status: 'going' },
      });
      expect(marked.status()).toBe(201);
      const me = await friend.page.request.get('/api/user');
      const friendId = ((await me.json()) as { id: string }).id;

      await signUp(page);
      expect((await page.request.post(`/api/users/${friendId}/follow`)).ok()).toBe(true);
      await page.goto(`/concerts/${upcoming.id}`);
      const friends = page.getByRole('region', { name: 'Friends going' });
      await expect(
        friends.getByRole('link', { name: new RegExp(`${nameOf(friend.person)}$`) }),
      ).toBeVisible();
      expect(await violations(page)).toEqual([]);
    } finally {
      await friend.context.close();
    }
  });

  test('imports shows from a CSV file: a preview with the refused lines, then the shows in My Diary', async ({
    page,
  }) => {
    await signUp(page);
    await page.goto('/diary');
    await expect(page.getByRole('heading', { name: 'No shows yet' })).toBeVisible();
    const artist = `CSV Band ${uniqueLastName('x')}`;
    const csv = [
      'date,artist,venue,city,country',
      `2024-05-01,${artist},Imported Hall,Lyon,France`,
      `2023-09-10,${artist},Imported Hall,Lyon,France`,
      'someday,Nobody,Hall,Paris,France',
      '',
    ].join('\n');
    // An empty diary opens the imports at once.
    const fromFile = page.getByRole('region', { name: 'Import from a file' });
    await fromFile.getByLabel('CSV file').setInputFiles({
      name: 'my-shows.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(csv),
    });
    await expect(
      fromFile.getByText(
        '2 rows to import: 2 new concerts, 0 matched to existing concerts; 1 refused',
      ),
    ).toBeVisible();
    await expect(fromFile.getByText(/^Line 4: /)).toBeVisible();
    expect(await violations(page)).toEqual([]);

    await fromFile.getByRole('button', { name: 'Import', exact: true }).click();
    await expect(page.getByText('2 shows imported, 0 already in your diary')).toBeVisible({
      timeout: 20_000,
    });
    const year = page.getByRole('region', { name: '2024', exact: true });
    await expect(year.getByRole('link', { name: artist })).toBeVisible();
    // The new concert has its page like any other.
    await year.getByRole('link', { name: artist }).click();
    await expect(page.getByRole('heading', { level: 1, name: artist })).toBeVisible();
  });

  test("ticket details: seat, price and a note, saved on one's own diary entry", async ({
    page,
  }) => {
    await signUp(page);
    const past = await openPastConcert(page, concerts + 2);
    await page.getByRole('button', { name: 'I was there' }).click();
    await expect(page.getByRole('button', { name: 'I was there' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await page.goto('/diary');
    await page.getByRole('button', { name: `Ticket details: ${past.artist}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Ticket details' });
    await dialog.getByLabel('Seat').fill('Row F, 12');
    await dialog.getByLabel('Amount').fill('45.50');
    await dialog.getByLabel('Currency').selectOption('EUR');
    await dialog.getByLabel('Note').fill('Front row left, great sound');
    expect(await violations(page, '[role="dialog"]')).toEqual([]);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText(/Seat Row F, 12 · €45\.50/)).toBeVisible();
    await page.reload();
    await expect(page.getByText(/Seat Row F, 12 · €45\.50/)).toBeVisible();
  });
});
