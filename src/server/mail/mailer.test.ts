/**
 * Without a mail server, mail waits in the outbox, and the log says where, never what. Every
 * message has its HTML and plain-text parts, and mail one may turn off the one-click headers.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import { afterAll, describe, expect, it } from 'vitest';
import { createMailer } from './mailer.ts';
import { passwordResetMail } from './templates/password-reset.tsx';

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'encore-mailer-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe('the outbox (no SMTP_URL)', () => {
  it('keeps the mail private on disk and logs neither the address nor the link', async () => {
    const logged: string[] = [];
    const mailer = createMailer({
      smtpUrl: undefined,
      from: 'Encore <no-reply@encore.test>',
      dataDir,
      log: { info: (details, message) => logged.push(JSON.stringify({ details, message })) },
    });
    const token = 'live-token-0123456789abcdef';
    await mailer.send({
      to: 'ada@example.com',
      subject: 'Reset your Encore password',
      text: `Choose a new one here: https://encore.test/account/reset-password?token=${token}`,
      html: `<p>Choose a new one here: https://encore.test/account/reset-password?token=${token}</p>`,
    });

    const outbox = path.join(dataDir, 'outbox');
    const [file] = readdirSync(outbox);
    expect(readFileSync(path.join(outbox, file!), 'utf8')).toContain(token);
    expect(statSync(path.join(outbox, file!)).mode & 0o777).toBe(0o600);
    expect(statSync(outbox).mode & 0o777).toBe(0o700);

    expect(logged).toHaveLength(1);
    expect(logged[0]).toContain(file);
    expect(logged[0]).not.toContain(token);
    expect(logged[0]).not.toContain('ada@example.com');
  });

  it('writes both parts of a component mail, and the one-click headers only when asked', async () => {
    const outbox = path.join(dataDir, 'outbox');
    const mailer = createMailer({
      smtpUrl: undefined,
      from: 'Encore <no-reply@encore.test>',
      dataDir,
      log: { info: () => {} },
    });
    const link = 'https://encore.test/account/reset-password?token=abc';
    const written = async (mail: Parameters<typeof mailer.send>[0]) => {
      const before = new Set(readdirSync(outbox));
      await mailer.send(mail);
      const file = readdirSync(outbox).find((name) => !before.has(name))!;
      return simpleParser(readFileSync(path.join(outbox, file)));
    };

    const reset = await written({
      to: 'ada@example.com',
      ...(await passwordResetMail({ firstName: 'Ada', link })),
    });
    expect(reset.subject).toBe('Reset your Encore password');
    expect(reset.html).toContain(`href="${link}"`);
    expect(reset.html).toContain('Encore');
    expect(reset.html).toContain('#6d28d9');
    expect(reset.text).toContain('Hi Ada,');
    expect(reset.text).toContain(link);
    expect(reset.text).not.toContain('<');
    expect(reset.headerLines.map((line) => line.key)).not.toContain('list-unsubscribe');
    expect(reset.headerLines.map((line) => line.key)).not.toContain('list-unsubscribe-post');

    const url = 'https://encore.test/api/unsubscribe/some-token';
    const optional = await written({
      to: 'ada@example.com',
      subject: 'Something one may turn off',
      html: '<p>Hello</p>',
      text: 'Hello',
      unsubscribeUrl: url,
    });
    const header = (name: string) => optional.headerLines.find((line) => line.key === name)?.line;
    expect(header('list-unsubscribe')).toBe(`List-Unsubscribe: <${url}>`);
    expect(header('list-unsubscribe-post')).toBe(
      'List-Unsubscribe-Post: List-Unsubscribe=One-Click',
    );
  });
});
