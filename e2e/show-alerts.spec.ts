/**
 * New-show alerts end to end, through the fake Ticketmaster of the test server: a person
 * follows an artist and watches a city; Ticketmaster lists a new show of that artist
 * there; the refresh (run as the city is chosen) imports it, and Notifications says so
 * with a link to the new concert.
 */
import { expect, test } from '@playwright/test';
import { signUp } from './support/accounts';
import { dayKey, listConcerts } from './support/concerts';
import { offerTicketmasterEvent } from './support/ticketmaster';

test('a followed artist’s new show at Ticketmaster in a chosen city shows in Notifications', async ({
  page,
}, testInfo) => {
  await signUp(page);
  // The last upcoming show of the list: an artist other tests do not follow and count.
  const concerts = await listConcerts(page, { includeTicketmaster: 'false' });
  const concert = concerts.filter((c) => !c.id.startsWith('tm_')).at(-1)!;
  const artist = concert.artist;

  await page.goto(`/concerts/${concert.id}`);
  await page.getByRole('heading', { level: 1 }).getByRole('link', { name: artist }).click();
  await expect(page.getByRole('heading', { level: 1, name: artist })).toBeVisible();
  await page.getByRole('button', { name: 'Follow artist' }).click();
  await expect(page.getByRole('button', { name: 'Following artist' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Following artist' })).not.toHaveAttribute(
    'aria-busy',
  );

  const eventId = `e2ealert${Date.now().toString(36)}${testInfo.workerIndex}`;
  await offerTicketmasterEvent(testInfo, {
    id: eventId,
    artist,
    venue: 'Fake Sound Hall',
    city: 'Seattle',
    stateCode: 'WA',
    localDate: dayKey(150),
  });

  await page.goto('/settings');
  await expect(page.getByRole('heading', { name: 'New show alerts' })).toBeVisible();
  await expect(page.getByRole('switch', { name: 'New show alerts' })).toBeChecked();
  const seattle = page.getByRole('checkbox', { name: 'Seattle' });
  // The box shows the saved setting, which takes the change a moment after the click:
  // `check()` would read the box at once and could still find it clear.
  await seattle.click();
  await expect(seattle).toBeChecked();
  await page.reload();
  await expect(page.getByRole('checkbox', { name: 'Seattle' })).toBeChecked();

  const alert = page
    .getByRole('link')
    .filter({ hasText: `Artists you follow announced: ${artist} in Seattle` });
  await expect
    .poll(
      async () => {
        await page.goto('/notifications');
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        return alert.count();
      },
      { timeout: 30_000, intervals: [500, 1000, 2000] },
    )
    .toBe(1);
  await alert.click();
  await expect(page).toHaveURL(new RegExp(`/concerts/tm_${eventId}$`));
  await expect(page.getByRole('heading', { level: 1, name: artist })).toBeVisible();
  await expect(page.getByText('Fake Sound Hall').first()).toBeVisible();
});
