/**
 * E-mail and concert alerts end to end, at both widths: the link of "Verify your e-mail",
 * read from the server's mail, opens a page whose button verifies the address, and Settings
 * then says so beside its time zone and switches; a Ticketmaster show starting in three
 * hours, saved before its tickets go on sale, shows "On sale …" and is reminded of at once;
 * at the phone's width, it alerts when its sale opens. Each page passes axe.
 */
import { expect, test, type Page, type TestInfo } from '@playwright/test';
import { signUp } from './support/accounts';
import { settle, violations } from './support/axe';
import { mailedLink } from './support/mail';
import { offerTicketmasterEvent } from './support/ticketmaster';
import { describeAtEachWidth, WIDTHS } from './support/widths';

/**
 * East of UTC: the browser here runs on UTC, and the app reads a show dated before its own
 * day as past, so a show tonight west of UTC would read as over after midnight UTC.
 */
const ZONE = 'Asia/Tokyo';
const PHONE = WIDTHS.find((width) => width.name === 'phone')!;

/** yyyy-MM-dd and HH:mm:ss of an instant on the zone's clocks, as Ticketmaster writes them. */
function localParts(instant: Date) {
  const part = (options: Intl.DateTimeFormatOptions) =>
    new Intl.DateTimeFormat('en-CA', { timeZone: ZONE, ...options }).format(instant);
  return {
    localDate: part({ year: 'numeric', month: '2-digit', day: '2-digit' }),
    localTime: part({ hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' }),
  };
}

/**
 * A Ticketmaster show starting in three hours whose tickets go on sale `saleInMs` from now,
 * opened and saved: its page says when the sale opens.
 */
async function saveShowStartingSoon(page: Page, testInfo: TestInfo, saleInMs: number) {
  const start = new Date(Date.now() + 3 * 60 * 60 * 1000);
  const id = `e2esale${Date.now().toString(36)}${testInfo.workerIndex}${testInfo.repeatEachIndex}`;
  const show = { artist: `Door Time ${id.slice(-6)}`, venue: 'Fake Sound Hall' };
  await offerTicketmasterEvent(testInfo, {
    id,
    ...show,
    city: 'Seattle',
    stateCode: 'WA',
    ...localParts(start),
    startDateTime: start.toISOString(),
    timeZone: ZONE,
    onSaleAt: new Date(Date.now() + saleInMs).toISOString(),
  });

  await page.goto(`/concerts/tm_${id}`);
  await expect(page.getByRole('heading', { level: 1, name: show.artist })).toBeVisible();
  await expect(
    page.getByText(/^On sale \w{3}, \w{3} \d{1,2} at \d{1,2}:\d{2} [AP]M/),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Add to Wishlist', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Wishlisted', exact: true })).toBeVisible();
  return show;
}

/** Notifications, read again until `notice` is listed (jobs make notices in the background). */
async function waitForNotice(page: Page, notice: RegExp, timeout = 20_000) {
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

  test('a show saved before its sale says when it opens, and is reminded of at once', async ({
    page,
  }, testInfo) => {
    await signUp(page);
    const show = await saveShowStartingSoon(page, testInfo, 60 * 60 * 1000);
    await waitForNotice(page, new RegExp(`(Today|Tomorrow): ${show.artist} at ${show.venue}, `));
    expect(await violations(page)).toEqual([]);
  });
});

// At the phone's width only, where a notice's ticket link is the likeliest to crowd it: the
// alert comes at the first minute's run after the sale opens, so this test waits for it.
test.describe('On-sale alerts (phone)', () => {
  test.use({ viewport: PHONE.viewport, isMobile: true, hasTouch: true });

  test('a saved show alerts as its sale opens, with its ticket link', async ({
    page,
  }, testInfo) => {
    test.setTimeout(150_000);
    await signUp(page);
    const show = await saveShowStartingSoon(page, testInfo, 10_000);
    const alert = new RegExp(`Tickets for ${show.artist} at ${show.venue} are on sale now`);
    await waitForNotice(page, alert, 100_000);
    await expect(page.getByRole('main').getByRole('link', { name: /Buy tickets/ })).toBeVisible();
    expect(await violations(page)).toEqual([]);
  });
});
