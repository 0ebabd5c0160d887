/** Without a mail server, mail waits in the outbox, and the log says where, never what. */
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createMailer } from './mailer.ts';

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
});
