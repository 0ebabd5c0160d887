/**
 * Concert reminders ("Concert alerts"): the scheduled job makes one notice per person and
 * show starting within CONCERT_REMINDER_HOURS that they are going to or saved, worded on the
 * venue's clock in the person's zone (across a DST change, in Europe and in Asia); a
 * reminder its person wants by mail is mailed once to a real SMTP server, with both parts
 * and the one-click headers, even after a refusal; the calendar feed's "Going" shows carry
 * an alarm at the same lead. (Two worker processes racing: reminder-workers.test.ts.)
 */
import type { AddressInfo } from 'node:net';
import { and, eq, sql } from 'drizzle-orm';
import ICAL from 'ical.js';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer, type SMTPServerDataStream } from 'smtp-server';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CalendarFeed } from '#shared/schemas/calendar';
import type { Notification } from '#shared/schemas/notifications';
import { executeRows } from '#server/db/index.ts';
import { mailSent, notifications, userSettings } from '#server/db/schema.ts';
import { daysFromToday, type Concert } from '#server/db/seed/factories.ts';
import { apiClient, type ApiClient } from '#server/testing/api-client.ts';
import { jobsSettled } from '#server/testing/jobs.ts';
import { useTestApp } from '#server/testing/use-test-app.ts';
import { remindOfUpcomingShows } from './service.ts';

/** A mail server that keeps what it accepts and refuses while asked to. */
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
beforeEach(() => {
  refusalsLeft = 0;
});

const PUBLIC_URL = 'http://localhost:3000';
const server = useTestApp(() => ({
  env: {
    SMTP_URL: `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}`,
    PUBLIC_URL,
    // The refusal's retry is logged as a warning.
    LOG_LEVEL: 'error',
    JOB_RETRY_LIMIT: '3',
    JOB_RETRY_DELAY_SECONDS: '1',
    // Every hour quiet: a reminder is sent all the same.
    QUIET_HOURS: '0-23',
  },
}));
const { db, person, create } = server;

const HOUR_MS = 60 * 60 * 1000;

/** The date (2026-01-15) of an instant on a zone's clocks. */
const dateIn = (instant: Date, timeZone: string) =>
  new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(instant);

/** "8:00 PM" of an instant on a zone's clocks, as en-US writes it with a plain space. */
const clockIn = (instant: Date, timeZone: string) =>
  new Intl.DateTimeFormat('en-US', { timeZone, hour: 'numeric', minute: '2-digit' })
    .format(instant)
    .replace(/\u202f/g, ' ');

let shows = 0;
/** A show starting `hours` from now at a venue in `timeZone` (null hours: time to be announced). */
async function showIn(hours: number | null, timeZone = 'Asia/Tokyo'): Promise<Concert> {
  shows += 1;
  const start = new Date(Date.now() + (hours ?? 2) * HOUR_MS);
  return create.concert({
    artist: `Reminded Band ${shows}`,
    venue: `Hall ${shows}`,
    city: timeZone === 'Asia/Tokyo' ? 'Tokyo' : 'Berlin',
    date: dateIn(start, timeZone),
    time: hours === null ? null : clockIn(start, timeZone),
    startsAt: hours === null ? null : start.toISOString(),
    timeZone,
  });
}

async function markGoing(api: ApiClient, concertId: string) {
  const marked = await api.put(`/api/concerts/${concertId}/attendance`, { status: 'going' });
  expect(marked.status).toBe(201);
}

/** The scheduled job, run now rather than at the next minute. */
async function runReminders() {
  await server.app.jobs.enqueue(db(), [{ kind: 'concert-reminders' }]);
  server.app.jobs.wake(['concert-reminders']);
  await jobsSettled(db());
}

async function remindersOf(api: ApiClient): Promise<Notification[]> {
  const list = await api.get<Notification[]>('/api/notifications');
  expect(list.status).toBe(200);
  return list.body.filter((notice) => notice.type === 'concert_reminder');
}

const reminderRows = (userId: string) =>
  db()
    .select({ concertId: notifications.relatedConcertId })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.type, 'concert_reminder')));

/** "Today" or "Tomorrow" of a show starting at `start`, said now in `timeZone`. */
const dayWord = (start: Date, timeZone: string) =>
  dateIn(start, timeZone) === dateIn(new Date(), timeZone) ? 'Today' : 'Tomorrow';

describe('concert reminders', () => {
  it('reminds of a show marked Going three hours before it starts, once, however often the job runs', async () => {
    const { user, api } = await person();
    await api.put('/api/users/me/settings', { timeZone: 'Asia/Tokyo' });
    const show = await showIn(3);
    await markGoing(api, show.id);

    await runReminders();
    const [reminder, ...more] = await remindersOf(api);
    expect(more).toEqual([]);
    const start = new Date(show.startsAt!);
    expect(reminder).toMatchObject({
      title: 'Concert reminder',
      message: `${dayWord(start, 'Asia/Tokyo')}: ${show.artist} at ${show.venue}, ${clockIn(start, 'Asia/Tokyo')}`,
      link: `/concerts/${show.id}`,
      relatedConcertId: show.id,
      isRead: false,
    });

    await runReminders();
    await runReminders();
    expect(await reminderRows(user.id)).toEqual([{ concertId: show.id }]);
  });

  it('reminds of a show as it is marked Going inside the window, without waiting for the scheduled run', async () => {
    const { api } = await person();
    const show = await showIn(3);
    await markGoing(api, show.id);
    await jobsSettled(db());
    expect((await remindersOf(api)).map((notice) => notice.relatedConcertId)).toEqual([show.id]);
  });

  it('reminds of a saved show too, naming the venue’s zone when the person’s differs', async () => {
    const { api } = await person();
    await api.put('/api/users/me/settings', { timeZone: 'Europe/Berlin' });
    const show = await showIn(5, 'Asia/Tokyo');
    expect((await api.post('/api/wishlist', { concertId: show.id })).status).toBe(201);

    await runReminders();
    const reminders = await remindersOf(api);
    const start = new Date(show.startsAt!);
    expect(reminders.map((notice) => notice.message)).toEqual([
      `${dayWord(start, 'Europe/Berlin')}: ${show.artist} at ${show.venue}, ${clockIn(start, 'Asia/Tokyo')} GMT+9`,
    ]);
  });

  it('reminds nobody with Concert alerts off, of a show beyond the window, started, or without a time', async () => {
    const { user: off, api: offApi } = await person();
    const alerted = await person();
    expect(
      (await offApi.put('/api/users/me/settings', { upcomingConcertReminders: false })).status,
    ).toBe(200);
    const soon = await showIn(2);
    const later = await showIn(30);
    const started = await showIn(-1);
    const toBeAnnounced = await showIn(null);
    await markGoing(offApi, soon.id);
    for (const show of [later, toBeAnnounced]) await markGoing(alerted.api, show.id);
    // A show that started an hour ago is still "Going" until it is over.
    await db().execute(sql`INSERT INTO attendance (user_id, concert_id, status, concert_date)
                           VALUES (${alerted.user.id}, ${started.id}, 'going', ${started.date})`);

    await runReminders();
    expect(await reminderRows(off.id)).toEqual([]);
    expect(await reminderRows(alerted.user.id)).toEqual([]);
  });

  it('makes a run’s reminders a bounded statement at a time, until all are made', async () => {
    const going = await Promise.all([person(), person(), person()]);
    const show = await showIn(4);
    // Marked behind the API's back, so no run is queued for them. The scheduled job may
    // make some meanwhile; the rest are made, a statement each.
    for (const { user } of going) {
      await db().execute(sql`INSERT INTO attendance (user_id, concert_id, status, concert_date)
                             VALUES (${user.id}, ${show.id}, 'going', ${show.date})`);
    }
    await remindOfUpcomingShows({ writer: server.app.writer, concertReminderHours: 24 }, 1);
    for (const { user } of going) {
      expect(await reminderRows(user.id)).toEqual([{ concertId: show.id }]);
    }
  });
});

describe('a reminder’s words', () => {
  /** A reminder of a show that started at `startsAt`, made at `remindedAt`, read by someone in `zone`. */
  async function wordsOf(
    show: { startsAt: string; timeZone: string; venue: string; city: string },
    remindedAt: string,
    zone: string | null,
  ): Promise<string> {
    const concert = await create.concert({
      artist: 'Glass Canyon',
      venue: show.venue,
      city: show.city,
      date: dateIn(new Date(show.startsAt), show.timeZone),
      startsAt: show.startsAt,
      timeZone: show.timeZone,
    });
    const { user, api } = await person();
    if (zone) await db().insert(userSettings).values({ userId: user.id, timeZone: zone });
    await db()
      .insert(notifications)
      .values({
        userId: user.id,
        type: 'concert_reminder',
        link: `/concerts/${concert.id}`,
        relatedConcertId: concert.id,
        createdAt: new Date(remindedAt),
      });
    const [reminder] = await remindersOf(api);
    return reminder!.message;
  }

  // Berlin moves to summer time at 01:00 UTC on 29 March 2026 (New York did on 8 March).
  const berlin = {
    startsAt: '2026-03-29T18:00:00Z',
    timeZone: 'Europe/Berlin',
    venue: 'Columbiahalle',
    city: 'Berlin',
  };
  // Tokyo has no summer time: 19:00 JST is 10:00 UTC.
  const tokyo = {
    startsAt: '2026-10-10T10:00:00Z',
    timeZone: 'Asia/Tokyo',
    venue: 'Zepp Haneda',
    city: 'Tokyo',
  };

  it.each([
    [
      'the evening before, across the change to summer time',
      berlin,
      '2026-03-28T19:00:00Z',
      'Europe/Berlin',
      'Tomorrow: Glass Canyon at Columbiahalle, 8:00 PM',
    ],
    [
      'the same morning',
      berlin,
      '2026-03-29T07:00:00Z',
      'Europe/Berlin',
      'Today: Glass Canyon at Columbiahalle, 8:00 PM',
    ],
    [
      'to someone in New York',
      berlin,
      '2026-03-28T19:00:00Z',
      'America/New_York',
      'Tomorrow: Glass Canyon at Columbiahalle, 8:00 PM GMT+2',
    ],
    [
      'without a zone of one’s own: the venue’s',
      berlin,
      '2026-03-28T19:00:00Z',
      null,
      'Tomorrow: Glass Canyon at Columbiahalle, 8:00 PM',
    ],
    [
      'in Tokyo, after midnight there',
      tokyo,
      '2026-10-09T16:00:00Z',
      'Asia/Tokyo',
      'Today: Glass Canyon at Zepp Haneda, 7:00 PM',
    ],
    [
      'in Tokyo, to someone in Berlin still on the day before',
      tokyo,
      '2026-10-09T16:00:00Z',
      'Europe/Berlin',
      'Tomorrow: Glass Canyon at Zepp Haneda, 7:00 PM GMT+9',
    ],
  ])('%s', async (_case, show, remindedAt, zone, words) => {
    expect(await wordsOf(show, remindedAt, zone)).toBe(words);
  });
});

describe('a reminder by mail', () => {
  const mailTo = (address: string) =>
    inbox.filter((mail) => mail.to && 'text' in mail.to && mail.to.text === address);
  async function onlyMailTo(address: string): Promise<ParsedMail> {
    await vi.waitFor(() => expect(mailTo(address).length).toBeGreaterThan(0), {
      timeout: 15_000,
      interval: 50,
    });
    await jobsSettled(db());
    const mails = mailTo(address);
    expect(mails).toHaveLength(1);
    return mails[0]!;
  }
  const header = (mail: ParsedMail, name: string) =>
    mail.headerLines.find((line) => line.key === name)?.line.replace(/\r\n[ \t]/g, ' ');
  const sentOf = (userId: string) =>
    db().select().from(mailSent).where(eq(mailSent.userId, userId));

  it('is sent at once, even in quiet hours, with both parts and one-click unsubscribe', async () => {
    const { user, api } = await person({ emailVerifiedAt: new Date(), firstName: 'Mina' });
    const unverified = await person({ emailVerifiedAt: null });
    const mailOff = await person({ emailVerifiedAt: new Date() });
    await mailOff.api.put('/api/users/me/settings', { emailNotifications: false });
    const show = await showIn(3);
    for (const someone of [api, unverified.api, mailOff.api]) await markGoing(someone, show.id);

    await runReminders();
    const mail = await onlyMailTo(user.email!);
    const [notice] = await remindersOf(api);
    expect(mail.subject).toBe(notice!.message);
    expect(mail.subject).toMatch(
      new RegExp(`^(Today|Tomorrow): ${show.artist} at ${show.venue}, `),
    );
    expect(mail.html).toContain(show.artist);
    expect(mail.html).toContain(`${PUBLIC_URL}/concerts/${show.id}`);
    expect(mail.text).toContain('Hi Mina,');
    expect(mail.text).toContain(`${PUBLIC_URL}/unsubscribe/`);
    expect(header(mail, 'list-unsubscribe')).toMatch(
      new RegExp(`^List-Unsubscribe: <${PUBLIC_URL}/api/unsubscribe/[^>]+>$`),
    );
    expect(header(mail, 'list-unsubscribe-post')).toBe(
      'List-Unsubscribe-Post: List-Unsubscribe=One-Click',
    );
    expect(await sentOf(user.id)).toEqual([
      expect.objectContaining({ kind: 'concert-reminder', occasion: show.id }),
    ]);
    // They have the notice, not the mail.
    for (const other of [unverified, mailOff]) {
      expect(await reminderRows(other.user.id)).toHaveLength(1);
      expect(mailTo(other.user.email!)).toEqual([]);
    }

    // The next runs send nothing more.
    await runReminders();
    expect(mailTo(user.email!)).toHaveLength(1);

    // Its one-click link turns concert alerts off, without a session.
    const line = header(mail, 'list-unsubscribe')!;
    const oneClick = new URL(line.slice(line.indexOf('<') + 1, line.lastIndexOf('>')));
    const done = await apiClient(server.app).post(oneClick.pathname, undefined, {
      payload: 'List-Unsubscribe=One-Click',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        origin: 'https://mail.example',
      },
    });
    expect(done.status).toBe(200);
    expect(done.body).toEqual({
      kind: 'concert-alerts',
      message: 'You will no longer get concert alerts.',
    });
    const settings = await api.get<{ upcomingConcertReminders: boolean }>('/api/users/me/settings');
    expect(settings.body.upcomingConcertReminders).toBe(false);
  });

  it('is sent once when the mail server refuses it first, after a retry', async () => {
    const { user, api } = await person({ emailVerifiedAt: new Date() });
    const show = await showIn(6);
    // Before the mark, whose reminder (and mail) is made at once.
    refusalsLeft = 1;
    await markGoing(api, show.id);

    await runReminders();
    await onlyMailTo(user.email!);
    const [job] = await executeRows<{ state: string; retry_count: number }>(
      db(),
      sql`SELECT state::text AS state, retry_count FROM pgboss.job
           WHERE name = 'concert-reminder-mail' AND data->>'userId' = ${user.id}`,
    );
    expect(job).toEqual({ state: 'completed', retry_count: 1 });
    expect(await sentOf(user.id)).toHaveLength(1);
  });
});

describe('the calendar feed', () => {
  it('gives a Going show with a start an alarm CONCERT_REMINDER_HOURS before it, and no other', async () => {
    const { api } = await person();
    const going = await create.concert({
      artist: 'Alarmed Band',
      city: 'Berlin',
      date: daysFromToday(20),
      time: '8:00 PM',
      timeZone: 'Europe/Berlin',
    });
    const goingWithoutTime = await create.concert({
      artist: 'Untimed Band',
      date: daysFromToday(21),
      time: null,
      timeZone: 'Europe/Berlin',
    });
    const savedOnly = await create.concert({
      artist: 'Saved Band',
      city: 'Berlin',
      date: daysFromToday(22),
      time: '9:00 PM',
      timeZone: 'Europe/Berlin',
    });
    for (const show of [going, goingWithoutTime]) await markGoing(api, show.id);
    expect((await api.post('/api/wishlist', { concertId: savedOnly.id })).status).toBe(201);

    const feed = (await api.get<CalendarFeed>('/api/users/me/calendar-feed')).body;
    const text = (await apiClient(server.app).get(feed.path)).text;
    const calendar = new ICAL.Component(ICAL.parse(text));
    const alarms = Object.fromEntries(
      calendar.getAllSubcomponents('vevent').map((vevent) => [
        vevent.getFirstPropertyValue('summary'),
        vevent.getAllSubcomponents('valarm').map((alarm) => ({
          action: alarm.getFirstPropertyValue('action'),
          trigger: String(alarm.getFirstPropertyValue('trigger')),
        })),
      ]),
    );
    // 24 hours, which ical-generator writes as the day it is.
    expect(alarms).toEqual({
      'Alarmed Band': [{ action: 'DISPLAY', trigger: '-P1D' }],
      'Untimed Band': [],
      'Saved Band': [],
    });
    expect(text).toContain('TRIGGER:-P1D');
  });
});
