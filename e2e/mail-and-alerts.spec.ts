/**
 * E-mail and concert alerts end to end, at both widths: the link of "Verify your e-mail",
 * read from the server's mail, opens a page whose button verifies the address, and Settings
 * then says so beside its time zone and switches; a Ticketmaster show starting in three
 * hours, saved before its tickets go on sale, shows "On sale …", is reminded of at once and
 * alerts when its sale opens. Each page passes axe.
 */
import { expect, test, type Page } from '@playwright/test';
import { signUp } from './support/accounts';
import { settle, violations } from './support/axe';
import { mailedLink } from './support/mail';
import { offerTicketmasterEvent } from './support/ticketmaster';
import { describeAtEachWidth } from './support/widths';

const ZONE = 'America/Los_Angeles';

/** yyyy-MM-dd and HH:mm:ss of an instant on the zone's clocks, as Ticketmaster writes them. */
function localParts(instant: Date) {
  const part = (options: Intl.DateTimeFormatOptions) =>
    new Intl.DateTimeFormat('en-CA', { timeZone: ZONE, ...options }).format(instant);
  return {
    localDate: part({ year: 'numeric', month: '2-digit', day: '2-digit' }),
    localTime: part({ hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' }),
  };
}

/** Notifications, read again until `notice` is listed (jobs make notices in the background). */
async function waitForNotice(page: Page, notice: RegExp, timeout: number) {
  await expect
    .poll(
      async () => {
        await page.goto('/notifications');
        await settle(page);
        return page.getByRole('main').getByText(notice).count();
      },
      { timeout, intervals: [1000, 2000, 5000] },
    )
    .toBe(1);
}

describeAtEachWidth('E-mail and concert alerts', () => {
  test('the mailed link verifies the address on its page, and Settings says so', async ({
    page,
  }, testInfo) => {
    const person = await signUp(page);
    const link = await mailedLink(testInfo, {
      to: person.email,
      subject: 'Verify your e-mail for Encore',
      prefix: '/verify-email/',
    });

    await page.goto(link);
    await expect(page.getByRole('heading', { level: 1, name: 'Verify your e-mail' })).toBeVisible();
    expect(await violations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Verify my e-mail' }).click();

    await expect(page).toHaveURL(/\/settings\?email=verified$/);
    await expect(page.getByText(`Your e-mail is verified: ${person.email}`)).toBeVisible();
    await expect(page.getByLabel('Time zone')).toBeVisible();
    for (const name of ['Email notifications', 'Daily digest', 'Concert alerts']) {
      await expect(page.getByRole('switch', { name })).toBeChecked();
    }
    await settle(page);
    expect(await violations(page)).toEqual([]);
  });

  test('a show saved before its sale says when it opens, is reminded of at once, and alerts as it opens', async ({
    page,
  }, testInfo) => {
    // The sale opens 15 s from now, and its alert comes at the next minute's run.
    test.setTimeout(150_000);
    await signUp(page);
    const start = new Date(Date.now() + 3 * 60 * 60 * 1000);
    const id = `e2esale${Date.now().toString(36)}${testInfo.workerIndex}${testInfo.repeatEachIndex}`;
    const artist = `Door Time ${id.slice(-6)}`;
    await offerTicketmasterEvent(testInfo, {
      id,
      artist,
      venue: 'Fake Sound Hall',
      city: 'Seattle',
      stateCode: 'WA',
      ...localParts(start),
      startDateTime: start.toISOString(),
      timeZone: ZONE,
      // Soon: the scheduled job that tells of sales opening runs every minute.
      onSaleAt: new Date(Date.now() + 15_000).toISOString(),
    });

    await page.goto(`/concerts/tm_${id}`);
    await expect(page.getByRole('heading', { level: 1, name: artist })).toBeVisible();
    await expect(
      page.getByText(/^On sale \w{3}, \w{3} \d{1,2} at \d{1,2}:\d{2} [AP]M/),
    ).toBeVisible();
    await page.getByRole('button', { name: 'Add to Wishlist', exact: true }).click();
    await expect(page.getByRole('button', { name: 'Wishlisted', exact: true })).toBeVisible();

    const reminder = new RegExp(`(Today|Tomorrow): ${artist} at Fake Sound Hall, `);
    await waitForNotice(page, reminder, 20_000);
    expect(await violations(page)).toEqual([]);

    await waitForNotice(
      page,
      new RegExp(`Tickets for ${artist} at Fake Sound Hall are on sale now`),
      100_000,
    );
    expect(await violations(page)).toEqual([]);
  });
});
