/**
 * Mail sent once per person and occasion, whatever the number of workers and retries
 * (decision 0022): in one transaction, the `mail_sent` row is inserted, the mail is handed
 * to the mail server, and the transaction commits. A second sender of the same occasion
 * waits on the first one's row, then finds it and sends nothing; a refusal or a server down
 * rolls the row back, and the job's retry tries again. Only a crash between the server's
 * acceptance and the commit sends it twice.
 */
import type { Database } from '#server/db/index.ts';
import type { Mail, Mailer } from '#server/mail/mailer.ts';
import { claimOccasion } from './queries.ts';

export interface Occasion {
  userId: string;
  kind: string;
  /** What the mail is about within its kind (the digest's local date). */
  occasion: string;
}

/** True when this call sent the mail; false when it had been sent before. */
export async function sendOnce(
  db: Database,
  mailer: Mailer,
  occasion: Occasion,
  mail: Mail,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    if (!(await claimOccasion(tx, occasion))) return false;
    await mailer.send(mail);
    return true;
  });
}
