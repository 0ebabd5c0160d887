/**
 * Outgoing mail. With SMTP_URL it goes to that server (nodemailer); without, each message
 * is written to DATA_DIR/outbox as an .eml file readable by the owner only, so the embedded
 * default works with no mail server at all. The log names the file, never the address or
 * the link: a reset link is a live key to an account, and logs travel further than the disk.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';

export interface Mail {
  to: string;
  subject: string;
  text: string;
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
        await transport.sendMail({
          from: options.from,
          to: mail.to,
          subject: mail.subject,
          text: mail.text,
        });
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
      const { message } = await render.sendMail({
        from: options.from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
      });
      await mkdir(outbox, { recursive: true, mode: 0o700 });
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      const file = path.join(outbox, `${stamp}-${randomBytes(4).toString('hex')}.eml`);
      await writeFile(file, message as Buffer, { mode: 0o600 });
      options.log.info({ subject: mail.subject, file }, 'no SMTP_URL: mail written to the outbox');
    },
  };
}
