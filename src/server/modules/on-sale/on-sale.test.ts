/**
 * On-sale alerts: when a show's first sale opens (its public sale or a presale), the people
 * who saved it and its artist's followers in its city, with "Concert alerts" on, get one
 * notice ("Tickets for {artist} at {venue} are on sale now", with the ticket link), and by
 * mail at once when they want mail, sent once to a real SMTP server with both parts and the
 * one-click unsubscribe. Shows already on sale when stored alert nobody; a followed
 * artist's new show says when tickets go on sale. (Two workers racing:
 * on-sale-workers.test.ts.)
 */
import type { AddressInfo } from 'node:net';
import { and, eq, sql } from 'drizzle-orm';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer, type SMTPServerDataStream } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Notification } from '#shared/schemas/notifications';
import { executeRows } from '#server/db/index.ts';
import { artistFollows, concerts, mailSent, notifications } from '#server/db/schema.ts';
import { daysFromToday } from '#server/db/seed/factories.ts';
import { ticketmasterEvent, useFakeTicketmaster } from '#server/testing/fake-providers.ts';
import { jobsSettled } from '#server/testing/jobs.ts';
import { testDatabaseKind } from '#server/testing/test-database.ts';
import { useTestApp } from '#server/testing/use-test-app.ts';
import type { ApiClient } from '#server/testing/api-client.ts';

/** A mail server that keeps what it accepts, and refuses while asked to. */
let smtp: SMTPServer;
let refusalsLeft = 0;
const inbox: ParsedMail[] = [];
beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    onData(stream: SMTPServerDataStream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        if (refusalsLeft > 0) {
          refusalsLeft -= 1;
          callback(
            Object.assign(new Error('Mailbox busy, try again later'), { responseCode: 451 }),
          );
          return;
        }
        void simpleParser(Buffer.concat(chunks)).then((mail) => {
          inbox.push(mail);
          callback();
        });
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
});
afterAll(() => new Promise<void>((resolve) => smtp.close(() => resolve())));

const ticketmaster = useFakeTicketmaster();
const PUBLIC_URL = 'http://localhost:3000';
const server = useTestApp(() => ({
  env: {
    TICKETMASTER_API_KEY: 'tm-key',
    TICKETMASTER_BASE_URL: ticketmaster.baseUrl,
    SMTP_URL: `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}`,
    PUBLIC_URL,
    // Every hour quiet: tickets on sale are mailed all the same.
    QUIET_HOURS: '0-23',
    // The refusal's retry is logged as a warning.
    LOG_LEVEL: 'error',
    JOB_RETRY_LIMIT: '3',
    JOB_RETRY_DELAY_SECONDS: '1',
  },
  deps: { providerTuning: { ticketmaster: { timeoutMs: 2000, cooldownMs: 0, burst: 100 } } },
}));
const { db, person } = server;

const MINUTE_MS = 60_000;
/** Ticketmaster's way of writing an instant: no milliseconds. */
const tmInstant = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');

/** The scheduled job, run now rather than at the next minute. */
async function runOnSaleAlerts() {
  await server.app.jobs.enqueue(db(), [{ kind: 'on-sale-alerts' }]);
  server.app.jobs.wake(['on-sale-alerts']);
  await jobsSettled(db());
}

/**
 * As though the show had been stored `ms` earlier: its sale's openings and its own
 * creation moved back, so a sale that was to open in two minutes opened just now.
 */
async function timePasses(concertId: string, ms: number) {
  const by = sql`make_interval(secs => ${ms / 1000})`;
  await db().execute(sql`UPDATE concerts SET on_sale_at = on_sale_at - ${by},
                           sales_open_at = sales_open_at - ${by}, created_at = created_at - ${by}
                         WHERE id = ${concertId}`);
}

const onSaleRows = (userId: string) =>
  db()
    .select({ concertId: notifications.relatedConcertId })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.type, 'on_sale')));

async function noticesOf(api: ApiClient, type: string): Promise<Notification[]> {
  const list = await api.get<Notification[]>('/api/notifications');
  expect(list.status).toBe(200);
  return list.body.filter((notice) => notice.type === type);
}

async function artistOf(concertId: string): Promise<string> {
  const [row] = await db()
    .select({ artistId: concerts.artistId })
    .from(concerts)
    .where(eq(concerts.id, concertId));
  return row!.artistId;
}

let events = 0;
/** A Chicago show at Ticketmaster, saved by `saver` (which stores it). */
async function savedShow(
  saver: ApiClient,
  sale: { onSaleAt?: string | null; presales?: { name: string; startDateTime: string }[] },
) {
  events += 1;
  const id = `sale${events}`;
  ticketmaster.events = [
    ticketmasterEvent({
      id,
      localDate: daysFromToday(45),
      artist: `Sale Band ${events}`,
      venue: `Sale Hall ${events}`,
      city: 'Chicago',
      ...sale,
    }),
  ];
  expect((await saver.post('/api/wishlist', { concertId: `tm_${id}` })).status).toBe(201);
  await jobsSettled(db());
  return { id: `tm_${id}`, artist: `Sale Band ${events}`, venue: `Sale Hall ${events}` };
}

describe(`on-sale alerts (${testDatabaseKind()})`, () => {
  it('tells the saver and a follower in the city once when a sale starting in two minutes opens', async () => {
    const saver = await person({ location: 'Denver, CO' });
    const follower = await person({ location: 'Chicago, IL' });
    const chose = await person({ location: null });
    const away = await person({ location: 'Denver, CO' });
    const alertsOff = await person({ location: 'Chicago, IL' });
    await chose.api.put('/api/users/me/show-alerts', { enabled: true, cities: ['chicago'] });
    expect(
      (await alertsOff.api.put('/api/users/me/settings', { upcomingConcertReminders: false }))
        .status,
    ).toBe(200);

    const onSaleAt = Date.now() + 2 * MINUTE_MS;
    const show = await savedShow(saver.api, { onSaleAt: tmInstant(onSaleAt) });
    await alertsOff.api.post('/api/wishlist', { concertId: show.id });
    const artistId = await artistOf(show.id);
    for (const p of [follower, chose, away, alertsOff]) {
      await db().insert(artistFollows).values({ userId: p.user.id, artistId });
    }

    // Before the sale: nothing, however often the job runs.
    await runOnSaleAlerts();
    await runOnSaleAlerts();
    for (const p of [saver, follower, chose, away, alertsOff]) {
      expect(await onSaleRows(p.user.id)).toEqual([]);
    }

    await timePasses(show.id, 2 * MINUTE_MS + 1000);
    await runOnSaleAlerts();
    await runOnSaleAlerts();
    for (const p of [saver, follower, chose]) {
      expect(await onSaleRows(p.user.id)).toEqual([{ concertId: show.id }]);
    }
    expect(await onSaleRows(away.user.id)).toEqual([]);
    expect(await onSaleRows(alertsOff.user.id)).toEqual([]);

    const [notice, ...more] = await noticesOf(saver.api, 'on_sale');
    expect(more).toEqual([]);
    expect(notice).toMatchObject({
      title: 'Tickets on sale',
      message: `Tickets for ${show.artist} at ${show.venue} are on sale now.`,
      link: `/concerts/${show.id}`,
      relatedConcertId: show.id,
      ticketUrl: `https://www.ticketmaster.com/event/${show.id.slice(3)}`,
      isRead: false,
    });
  });

  it('alerts within moments of a sale that opens while the job keeps running', async () => {
    const saver = await person();
    const onSaleAt = Date.now() + 3000;
    const show = await savedShow(saver.api, { onSaleAt: tmInstant(onSaleAt) });
    await runOnSaleAlerts();
    if (Date.now() < Math.floor(onSaleAt / 1000) * 1000) {
      expect(await onSaleRows(saver.user.id)).toEqual([]);
    }
    await vi.waitFor(
      async () => {
        await runOnSaleAlerts();
        expect(await onSaleRows(saver.user.id)).toEqual([{ concertId: show.id }]);
      },
      { timeout: 20_000, interval: 200 },
    );
    const [notice] = await noticesOf(saver.api, 'on_sale');
    expect(Date.parse(notice!.createdAt)).toBeGreaterThanOrEqual(
      Math.floor(onSaleAt / 1000) * 1000,
    );
  });

  it('alerts when a presale opens, once, and not again when the public sale does', async () => {
    const saver = await person();
    const presaleAt = Date.now() + 2 * MINUTE_MS;
    const show = await savedShow(saver.api, {
      onSaleAt: tmInstant(presaleAt + 3 * MINUTE_MS),
      presales: [{ name: 'Fan Club Presale', startDateTime: tmInstant(presaleAt) }],
    });
    await runOnSaleAlerts();
    expect(await onSaleRows(saver.user.id)).toEqual([]);

    await timePasses(show.id, 2 * MINUTE_MS + 1000);
    await runOnSaleAlerts();
    expect(await onSaleRows(saver.user.id)).toEqual([{ concertId: show.id }]);

    await timePasses(show.id, 3 * MINUTE_MS);
    await runOnSaleAlerts();
    expect(await onSaleRows(saver.user.id)).toEqual([{ concertId: show.id }]);
  });

  it('alerts nobody of a show already on sale when it was stored', async () => {
    const saver = await person();
    await savedShow(saver.api, { onSaleAt: tmInstant(Date.now() - 30_000) });
    await savedShow(saver.api, { onSaleAt: null });
    await runOnSaleAlerts();
    expect(await onSaleRows(saver.user.id)).toEqual([]);
  });

  it('says when tickets go on sale in a followed artist’s new-show notice', async () => {
    const saver = await person();
    const follower = await person({ location: 'Chicago, IL' });
    // The artist's row, made by an earlier show of theirs that the follower follows.
    const first = await savedShow(saver.api, { onSaleAt: null });
    await db()
      .insert(artistFollows)
      .values({ userId: follower.user.id, artistId: await artistOf(first.id) });
    ticketmaster.events = [
      ticketmasterEvent({
        id: 'announced-sale',
        localDate: daysFromToday(60),
        artist: first.artist,
        venue: 'Metro',
        city: 'Chicago',
        // 10 AM in Chicago on Friday, December 4 2099.
        onSaleAt: '2099-12-04T16:00:00Z',
      }),
    ];
    expect((await saver.api.post('/api/wishlist', { concertId: 'tm_announced-sale' })).status).toBe(
      201,
    );
    await jobsSettled(db());
    const [notice] = await noticesOf(follower.api, 'new_shows');
    expect(notice?.message).toMatch(
      new RegExp(
        `^Artists you follow announced: ${first.artist} in Chicago on \\w+ \\d+ · On sale Fri, Dec 4 at 10:00 AM\\.$`,
      ),
    );
  });
});

describe('an on-sale alert by mail', () => {
  const mailTo = (address: string) =>
    inbox.filter((mail) => mail.to && 'text' in mail.to && mail.to.text === address);
  const header = (mail: ParsedMail, name: string) =>
    mail.headerLines.find((line) => line.key === name)?.line.replace(/\r\n[ \t]/g, ' ');

  it('is sent at once, once, to those who want it, with both parts and one-click unsubscribe', async () => {
    const { user, api } = await person({ emailVerifiedAt: new Date(), firstName: 'Mina' });
    const unverified = await person({ emailVerifiedAt: null });
    const mailOff = await person({ emailVerifiedAt: new Date() });
    await mailOff.api.put('/api/users/me/settings', { emailNotifications: false });
    const show = await savedShow(api, { onSaleAt: tmInstant(Date.now() + 2 * MINUTE_MS) });
    for (const other of [unverified, mailOff]) {
      await other.api.post('/api/wishlist', { concertId: show.id });
    }
    await timePasses(show.id, 2 * MINUTE_MS + 1000);

    await runOnSaleAlerts();
    await vi.waitFor(() => expect(mailTo(user.email!).length).toBeGreaterThan(0), {
      timeout: 15_000,
      interval: 50,
    });
    await runOnSaleAlerts();
    await jobsSettled(db());
    const mails = mailTo(user.email!);
    expect(mails).toHaveLength(1);
    const mail = mails[0]!;
    expect(mail.subject).toBe(`Tickets for ${show.artist} at ${show.venue} are on sale now`);
    const ticketUrl = `https://www.ticketmaster.com/event/${show.id.slice(3)}`;
    expect(mail.html).toContain(ticketUrl);
    expect(mail.html).toContain('Buy tickets');
    expect(mail.text).toContain('Hi Mina,');
    expect(mail.text).toContain(ticketUrl);
    expect(mail.text).toContain(`${PUBLIC_URL}/concerts/${show.id}`);
    expect(mail.text).toContain(`${PUBLIC_URL}/unsubscribe/`);
    expect(header(mail, 'list-unsubscribe')).toMatch(
      new RegExp(`^List-Unsubscribe: <${PUBLIC_URL}/api/unsubscribe/[^>]+>$`),
    );
    expect(header(mail, 'list-unsubscribe-post')).toBe(
      'List-Unsubscribe-Post: List-Unsubscribe=One-Click',
    );
    expect(await db().select().from(mailSent).where(eq(mailSent.userId, user.id))).toEqual([
      expect.objectContaining({ kind: 'on-sale', occasion: show.id }),
    ]);
    // The others have the notice, not the mail.
    for (const other of [unverified, mailOff]) {
      expect(await onSaleRows(other.user.id)).toHaveLength(1);
      expect(mailTo(other.user.email!)).toEqual([]);
    }
  });

  it('is sent once when the mail server refuses it first, after a retry', async () => {
    const { user, api } = await person({ emailVerifiedAt: new Date() });
    const show = await savedShow(api, { onSaleAt: tmInstant(Date.now() + 2 * MINUTE_MS) });
    await timePasses(show.id, 2 * MINUTE_MS + 1000);
    refusalsLeft = 1;

    await runOnSaleAlerts();
    await vi.waitFor(() => expect(mailTo(user.email!)).toHaveLength(1), {
      timeout: 15_000,
      interval: 50,
    });
    await jobsSettled(db());
    const [job] = await executeRows<{ state: string; retry_count: number }>(
      db(),
      sql`SELECT state::text AS state, retry_count FROM pgboss.job
           WHERE name = 'on-sale-mail' AND data->>'notificationId' IN
                 (SELECT id::text FROM notifications WHERE user_id = ${user.id})`,
    );
    expect(job).toEqual({ state: 'completed', retry_count: 1 });
    expect(mailTo(user.email!)).toHaveLength(1);
    expect(await db().select().from(mailSent).where(eq(mailSent.userId, user.id))).toHaveLength(1);
  });
});
