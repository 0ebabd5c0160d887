/**
 * Outgoing mail. With SMTP_URL it goes to that server (nodemailer); without, each message
 * is written to DATA_DIR/outbox as an .eml file readable by the owner only, so the embedded
 * default works with no mail server at all. The log names the file, never the address or
 * the link: a reset link is a live key to an account, and logs travel further than the disk.
 * A message has an HTML and a plain-text part, both made from its component (render.ts);
 * mail one may turn off carries RFC 8058's one-click unsubscribe headers.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer, { type SendMailOptions } from 'nodemailer';

export interface Mail {
  to: string;
  subject: string;
  html: string;
  text: string;
  /**
   * The signed address that turns this kind of mail off with one POST (RFC 8058): sent as
   * `List-Unsubscribe` with `List-Unsubscribe-Post: List-Unsubscribe=One-Click`. Transactional
   * mail (a verification or reset link) has none.
   */
  unsubscribeUrl?: string;
}

/** The message nodemailer writes: the same through SMTP and into the outbox. */
function message(from: string, mail: Mail): SendMailOptions {
  return {
    from,
    to: mail.to,
    subject: mail.subject,
    text: mail.text,
    html: mail.html,
    ...(mail.unsubscribeUrl
      ? {
          list: { unsubscribe: mail.unsubscribeUrl },
          headers: { 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
        }
      : {}),
  };
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
}

export interface MailerOptions {
  smtpUrl: string | undefined;
  from: string;
  dataDir: string;
  log: { info(details: object, message: string): void };
}

export function createMailer(options: MailerOptions): Mailer {
  if (options.smtpUrl) {
    const transport = nodemailer.createTransport(options.smtpUrl);
    return {
      async send(mail) {
        await transport.sendMail(message(options.from, mail));
      },
    };
  }
  const outbox = path.resolve(options.dataDir, 'outbox');
  const render = nodemailer.createTransport({
    streamTransport: true,
    buffer: true,
    newline: 'unix',
  });
  return {
    async send(mail) {
      const written = await render.sendMail(message(options.from, mail));
      await mkdir(outbox, { recursive: true, mode: 0o700 });
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      const file = path.join(outbox, `${stamp}-${randomBytes(4).toString('hex')}.eml`);
      await writeFile(file, written.message as Buffer, { mode: 0o600 });
      options.log.info({ subject: mail.subject, file }, 'no SMTP_URL: mail written to the outbox');
    },
  };
}
