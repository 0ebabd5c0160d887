/**
 * Songs heard live: a reviewer marks up to five songs of the show's setlist in the review
 * dialog, and the concert page's Setlist section counts the reviewers who marked each.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { violations } from './support/axe';
import type { ConcertSetlist } from '../src/shared/schemas/setlists';
import { newPerson, signUp } from './support/accounts';
import { dayKey, listConcerts } from './support/concerts';

/** A past demo concert whose setlist has more songs than one review may mark. */
async function concertWithLongSetlist(page: Page) {
  for (let offset = 0; ; offset += 100) {
    const past = await listConcerts(page, {
      startDate: '2000-01-01',
      endDate: dayKey(-1),
      offset: String(offset),
    });
    if (past.length === 0) break;
    for (const concert of past.filter((c) => c.setlistUrl)) {
      const response = await page.request.get(`/api/concerts/${concert.id}/setlist`);
      const { setlist } = (await response.json()) as ConcertSetlist;
      const songs = setlist ? [...setlist.songs, ...setlist.encoreSongs] : [];
      if (songs.length >= 6) return { concert, songs };
    }
  }
  throw new Error('The demo catalogue has no past concert with a setlist of six songs or more');
}

/** A song's row in the Setlist section, and what it says of its highlights. */
const songRow = (section: Locator, title: string) => section.locator(`li[data-song="${title}"]`);
const marked = (count: number) =>
  count === 1 ? '1 reviewer marked this' : `${count} reviewers marked this`;

test.describe('Highlights', () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test('marking up to five songs in the review dialog shows in the Setlist section', async ({
    page,
  }) => {
    await signUp(page, newPerson({ firstName: 'Lyra' }));
    const { concert, songs: listed } = await concertWithLongSetlist(page);
    const songs = listed.map((song) => song.title);
    const before = new Map(listed.map((song) => [song.title, song.highlights]));

    await page.goto(`/concerts/${concert.id}`);
    await expect(page.getByRole('heading', { level: 1, name: concert.artist })).toBeVisible();
    const section = page.getByRole('region', { name: 'Setlist' });
    await expect(section.getByRole('heading', { name: 'Setlist' })).toBeVisible();
    for (const title of songs) await expect(songRow(section, title)).toContainText(title);

    await page.getByRole('button', { name: 'Write Review' }).click();
    const dialog = page.getByRole('dialog', { name: 'Write a Concert Review' });
    const group = dialog.getByRole('group', { name: 'Highlights' });
    await expect(group).toBeVisible();
    const toggle = (title: string) => group.getByRole('button', { name: title, exact: true });

    // The first by keyboard, the rest by pointer.
    await toggle(songs[0]!).focus();
    await page.keyboard.press('Space');
    await expect(toggle(songs[0]!)).toHaveAttribute('aria-pressed', 'true');
    for (const title of songs.slice(1, 5)) await toggle(title).click();
    for (const title of songs.slice(0, 5)) {
      await expect(toggle(title)).toHaveAttribute('aria-pressed', 'true');
    }
    // Five marked: the sixth cannot be.
    await expect(toggle(songs[5]!)).toBeDisabled();
    for (const width of [1280, 375]) {
      await page.setViewportSize({ width, height: 900 });
      expect(await violations(page, '[role="dialog"]'), `${width} px`).toEqual([]);
    }
    await page.setViewportSize({ width: 1280, height: 900 });
    await toggle(songs[1]!).click();
    await expect(toggle(songs[5]!)).toBeEnabled();
    await toggle(songs[5]!).click();
    await expect(toggle(songs[1]!)).toBeDisabled();

    await dialog.getByLabel('Your review').fill('Every song I marked was better than the record.');
    await dialog.getByRole('button', { name: 'Post Review' }).click();
    await expect(dialog).toHaveCount(0);

    const chosen = [songs[0]!, ...songs.slice(2, 6)];
    for (const title of chosen) {
      await expect(songRow(section, title)).toContainText(marked(before.get(title)! + 1));
    }
    const unmarked = songs[1]!;
    if (before.get(unmarked)! === 0) {
      await expect(songRow(section, unmarked)).not.toContainText('marked this');
    } else {
      await expect(songRow(section, unmarked)).toContainText(marked(before.get(unmarked)!));
    }
  });
});
