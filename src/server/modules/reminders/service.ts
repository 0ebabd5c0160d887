/**
 * Concert reminders ("Concert alerts" in Settings). Every minute a scheduled job makes the
 * reminders due: for each show starting within CONCERT_REMINDER_HOURS that a person is
 * going to or has saved, one `concert_reminder` notice ("Tomorrow: {artist} at {venue},
 * {time}", worded when read: #shared/notice-text). A show marked "Going" or saved later
 * than that is reminded of at the next run, within a minute. In the same transaction, a
 * `concert-reminder-mail` job for each reminder its person wants by mail, which sends it
 * once (sent.ts of the email module), and a `push-notice` job for each whose person has a
 * device.
 */
import { givenName } from '#shared/user-display';
import type { Writer } from '#server/changes/index.ts';
import type { MailSettings } from '#server/config.ts';
import type { Database } from '#server/db/index.ts';
import type { Mailer } from '#server/mail/mailer.ts';
import { concertReminderMail } from '#server/mail/templates/concert-reminder.tsx';
import { sendOnce, unsubscribeLinks } from '../email/index.ts';
import { noticeWords } from '../notifications/index.ts';
import { insertDueReminders, selectReminderMail } from './queries.ts';

/** Reminders one statement makes at most; a run goes on until it made them all. */
export const REMINDERS_PER_STATEMENT = 1000;

/** The scheduled job: makes every reminder due now, a bounded statement at a time. */
export async function remindOfUpcomingShows(
  sources: { writer: Writer; concertReminderHours: number },
  perStatement = REMINDERS_PER_STATEMENT,
): Promise<number> {
  let made = 0;
  for (;;) {
    const page = await sources.writer.write(async (tx, changes) => {
      const reminders = await insertDueReminders(tx, sources.concertReminderHours, perStatement);
      for (const reminder of reminders) {
        if (reminder.pushable) {
          changes.record({ kind: 'notice-made', notificationId: reminder.notificationId });
        }
        if (reminder.mail) {
          changes.record({
            kind: 'concert-reminder-made',
            userId: reminder.userId,
            concertId: reminder.concertId,
          });
        }
      }
      return reminders.length;
    });
    made += page;
    if (page < perStatement) return made;
  }
}

export interface ReminderMailSources {
  db: Database;
  mailer: Mailer;
  publicUrl: string;
  mail: Pick<MailSettings, 'unsubscribeLinkDays'>;
}

/**
 * One reminder's mail, sent once per person and show (kind 'concert-reminder', the concert
 * as occasion). Not held by quiet hours, unlike the digest: a reminder is about a show
 * within hours, and held until 08:00 it could come after the doors open. Read when it is
 * sent, so a switch turned off or a show started meanwhile sends nothing.
 */
export async function sendConcertReminder(
  sources: ReminderMailSources,
  userId: string,
  concertId: string,
): Promise<boolean> {
  const { db, mailer, publicUrl, mail } = sources;
  const reminder = await selectReminderMail(db, userId, concertId);
  if (!reminder) return false;
  const words = noticeWords(reminder, null).message;
  // Made before the transaction of sendOnce, which holds the embedded database's one
  // connection while the mail server answers.
  const links = await unsubscribeLinks(
    db,
    { publicUrl, days: mail.unsubscribeLinkDays },
    userId,
    'concert-alerts',
  );
  return sendOnce(
    db,
    mailer,
    { userId, kind: 'concert-reminder', occasion: concertId },
    {
      to: reminder.email,
      unsubscribeUrl: links.oneClick,
      ...(await concertReminderMail({
        name: givenName(reminder) ?? 'there',
        words,
        concertUrl: `${publicUrl}${reminder.link ?? `/concerts/${encodeURIComponent(concertId)}`}`,
        settingsUrl: `${publicUrl}/settings`,
        unsubscribeUrl: links.page,
      })),
    },
  );
}
