/**
 * The daily digest. Every hour a scheduled job finds the people whose local hour is the
 * digest's (DIGEST_HOUR, moved to the end of quiet hours if it falls in them), who want it
 * and have a verified address and something unread since their last digest, and adds one
 * `digest-mail` job each. That job sends the mail once for the person's local date
 * (sent.ts), so two schedulers, two workers or a retry still send one.
 */
import { noticeWords } from '../notifications/index.ts';
import { givenName } from '#shared/user-display';
import type { Writer } from '#server/changes/index.ts';
import type { MailSettings } from '#server/config.ts';
import type { Database } from '#server/db/index.ts';
import type { Mailer } from '#server/mail/mailer.ts';
import { dailyDigestMail } from '#server/mail/templates/daily-digest.tsx';
import {
  countUnreadSince,
  lastSentAt,
  selectDigestAddress,
  selectDigestRecipients,
  selectUnreadSince,
} from './queries.ts';
import { sendingHour } from './quiet-hours.ts';
import { sendOnce } from './sent.ts';
import { unsubscribeLinks } from './unsubscribe.ts';

/** Notices a digest lists by name; the rest are counted. */
export const DIGEST_NOTICES_MAX = 10;
/** People found and queued per statement and write; a run goes on until it found them all. */
const RECIPIENTS_PER_PAGE = 1000;

export interface DigestSources {
  db: Database;
  writer: Writer;
  mailer: Mailer;
  publicUrl: string;
  mail: MailSettings;
}

/**
 * The scheduled job: one `digest-mail` job for each person due one now, a page at a time. A
 * run cut off half way and run again queues some twice: their mail still goes once.
 */
export async function queueDailyDigests({ db, writer, mail }: DigestSources): Promise<number> {
  const hour = sendingHour(mail.digestHour, mail.quietHours);
  let queued = 0;
  let after: string | null = null;
  for (;;) {
    const due = await selectDigestRecipients(db, hour, { after, limit: RECIPIENTS_PER_PAGE });
    if (due.length === 0) break;
    await writer.write(async (_tx, changes) => {
      for (const row of due) {
        changes.record({ kind: 'digest-due', userId: row.user_id, localDate: row.local_date });
      }
    });
    queued += due.length;
    after = due.at(-1)!.user_id;
    if (due.length < RECIPIENTS_PER_PAGE) break;
  }
  return queued;
}

/** One person's digest of a local date: sent once, and only if there is something unread. */
export async function sendDailyDigest(
  sources: DigestSources,
  userId: string,
  localDate: string,
): Promise<boolean> {
  const { db, mailer, publicUrl, mail } = sources;
  const person = await selectDigestAddress(db, userId);
  if (!person) return false;
  const since = await lastSentAt(db, userId, 'digest');
  const [notices, total] = await Promise.all([
    selectUnreadSince(db, userId, since, DIGEST_NOTICES_MAX),
    countUnreadSince(db, userId, since),
  ]);
  if (total === 0) return false;
  // Made before the transaction of sendOnce, which holds the database's one connection on
  // the embedded database while the mail server answers.
  const links = await unsubscribeLinks(
    db,
    { publicUrl, days: mail.unsubscribeLinkDays },
    userId,
    'digest',
  );
  return sendOnce(
    db,
    mailer,
    { userId, kind: 'digest', occasion: localDate },
    {
      to: person.email,
      unsubscribeUrl: links.oneClick,
      ...(await dailyDigestMail({
        name: givenName(person) ?? 'there',
        notices: notices.map(({ actor, ...notice }) => ({
          ...noticeWords(notice, actor),
          href: `${publicUrl}${notice.link ?? '/notifications'}`,
        })),
        total,
        notificationsUrl: `${publicUrl}/notifications`,
        settingsUrl: `${publicUrl}/settings`,
        unsubscribeUrl: links.page,
      })),
    },
  );
}
