/**
 * On-sale alerts: when a show's tickets first go on sale (its public sale or a presale,
 * whichever opens first), the people who saved it and its artist's followers in its city
 * are told once, in a notice ("Tickets for {artist} at {venue} are on sale now") and, with
 * e-mail and "Concert alerts" on and a verified address, at once by mail. A scheduled job
 * every minute takes the sales that opened since (alertSalesOpened); each notice's mail is
 * a job of its own (sendOnSaleMail), sent once per person and show (mail_sent).
 */
import type { Writer } from '#server/changes/index.ts';
import type { MailSettings } from '#server/config.ts';
import type { Database } from '#server/db/index.ts';
import type { Mailer } from '#server/mail/mailer.ts';
import { onSaleMail } from '#server/mail/templates/on-sale.tsx';
import { givenName } from '#shared/user-display';
import { sendOnce, unsubscribeLinks } from '../email/index.ts';
import { alertOpenedSales, selectOnSaleMail } from './queries.ts';

/** Shows taken per statement and write. */
export const SALES_PER_BATCH = 200;
/** Writes one run makes at most; what is left waits for the next minute. */
const BATCHES_PER_RUN = 25;
/**
 * How late a sale's opening is still news: one that opened longer ago (the workers were
 * down) is taken without alerting. The job runs every minute, so a sale alerts within one.
 */
export const SALE_NEWS_MINUTES = 60;

/** The scheduled job: tells people of the sales that opened, a batch of shows per write. */
export async function alertSalesOpened(deps: { writer: Writer }): Promise<number> {
  let told = 0;
  for (let batch = 0; batch < BATCHES_PER_RUN; batch += 1) {
    const { taken, notices } = await deps.writer.write(async (tx, changes) => {
      const result = await alertOpenedSales(tx, {
        limit: SALES_PER_BATCH,
        windowMinutes: SALE_NEWS_MINUTES,
      });
      for (const notice of result.notices) {
        changes.record({ kind: 'on-sale-noticed', notificationId: notice.notificationId });
      }
      return result;
    });
    told += notices.length;
    if (taken < SALES_PER_BATCH) break;
  }
  return told;
}

export interface OnSaleMailSources {
  db: Database;
  mailer: Mailer;
  publicUrl: string;
  mail: MailSettings;
}

/**
 * One on-sale notice's mail, if its person wants it: sent once per person and show. Tickets
 * selling out in minutes do not wait for quiet hours. True when this call sent it.
 */
export async function sendOnSaleMail(
  sources: OnSaleMailSources,
  notificationId: string,
): Promise<boolean> {
  const { db, mailer, publicUrl, mail } = sources;
  const found = await selectOnSaleMail(db, notificationId);
  if (!found) return false;
  // Made before the transaction of sendOnce, which holds the embedded database's one
  // connection while the mail server answers.
  const links = await unsubscribeLinks(
    db,
    { publicUrl, days: mail.unsubscribeLinkDays },
    found.userId,
    'concert-alerts',
  );
  const concertUrl = `${publicUrl}/concerts/${encodeURIComponent(found.concertId)}`;
  return sendOnce(
    db,
    mailer,
    { userId: found.userId, kind: 'on-sale', occasion: found.concertId },
    {
      to: found.email,
      unsubscribeUrl: links.oneClick,
      ...(await onSaleMail({
        name: givenName(found) ?? 'there',
        artist: found.artist,
        venue: found.venue,
        city: found.city,
        ticketUrl: found.ticketUrl ?? concertUrl,
        concertUrl,
        settingsUrl: `${publicUrl}/settings`,
        unsubscribeUrl: links.page,
      })),
    },
  );
}
