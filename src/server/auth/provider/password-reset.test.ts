/**
 * Forgot password, end to end: the mail goes to a real SMTP server started here, its
 * link works once within 30 minutes, and using it signs the account out everywhere.
 */
import { readdir, readFile, stat } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { executeRows } from '#server/db/index.ts';
import { BrowserLikeClient, last, readForm } from '#server/testing/browser-like-client.ts';
import { openSignInPage, signedInClient, signIn } from '#server/testing/sign-in.ts';
import { startTestApp } from '#server/testing/test-app.ts';
import { useTestApp } from '#server/testing/use-test-app.ts';

interface Received {
  to: string[];
  raw: string;
}

let smtp: SMTPServer;
const inbox: Received[] = [];
beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    onData(stream, session, callback) {
      let raw = '';
      stream.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
      stream.on('end', () => {
        inbox.push({ to: session.envelope.rcptTo.map((r) => r.address), raw });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
});
afterAll(() => new Promise<void>((resolve) => smtp.close(() => resolve())));

const server = useTestApp(() => {
  const { port } = smtp.server.address() as AddressInfo;
  return { env: { SMTP_URL: `smtp://127.0.0.1:${port}` } };
});

async function requestReset(email: string) {
  const client = new BrowserLikeClient(server.url);
  const page = await client.request('POST', '/account/forgot-password', { form: { email } });
  return page;
}

async function mailTo(email: string): Promise<string> {
  for (let waited = 0; waited < 5_000; waited += 25) {
    // Signing in for the first time also mails "Verify your e-mail": the reset mail is wanted.
    const mail = inbox.find(
      (m) => m.to.includes(email) && m.raw.includes('Subject: Reset your Encore password'),
    );
    if (mail) return mail.raw;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`no mail reached ${email}`);
}

/** The reset link in the mail's plain-text part (the HTML part has it as its button). */
const linkIn = async (raw: string) => {
  const mail = await simpleParser(raw);
  const match = /https?:\/\/\S+\/account\/reset-password\?token=[\w-]+/.exec(mail.text ?? '');
  if (!match) throw new Error('no reset link in the mail');
  expect(mail.html).toContain(`href="${match[0]}"`);
  return match[0];
};

/** Asks for a reset for `email`; returns the link in the mail that comes. */
async function resetLinkMailedTo(email: string) {
  await requestReset(email);
  return await linkIn(await mailTo(email));
}

/** Makes an account for `email`, then asks for its reset link. */
async function newAccountsResetLink(email: string, password: string) {
  await signedInClient(server.url, { email, password });
  return resetLinkMailedTo(email);
}

async function choosePassword(link: string, password: string) {
  const client = new BrowserLikeClient(server.url);
  const form = await client.get(link);
  if (form.status !== 200) return form;
  const { action, fields } = readForm(form.body);
  return client.request('POST', action, {
    form: { ...fields, password, confirmPassword: password },
  });
}

describe('forgot password', () => {
  it('is offered on the sign-in page', async () => {
    const { page } = await openSignInPage(new BrowserLikeClient(server.url));
    expect(page.body).toContain('href="/account/forgot-password"');
    expect(page.body).toContain('Forgot password?');
  });

  it('answers the same whether or not the e-mail has an account', async () => {
    await signedInClient(server.url, { email: 'known@example.com', password: 'first password' });
    const known = await requestReset('known@example.com');
    const unknown = await requestReset('unknown@example.com');
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    expect(unknown.body).toBe(known.body);
    expect(known.body).toContain('Check your email');
    await mailTo('known@example.com');
    expect(inbox.some((m) => m.to.includes('unknown@example.com'))).toBe(false);
  });

  it('mails a link that sets a new password once and signs every session out', async () => {
    const { client: session } = await signedInClient(server.url, {
      email: 'reset@example.com',
      password: 'old password',
    });
    const me = () =>
      session.request('GET', '/api/user', { headers: { accept: 'application/json' } });
    expect((await me()).status).toBe(200);

    const link = await resetLinkMailedTo('reset@example.com');
    expect(link.startsWith(`${server.url}/account/reset-password?token=`)).toBe(true);

    const changed = await choosePassword(link, 'brand new password');
    expect(changed.status).toBe(200);
    expect(changed.body).toContain('Password changed');
    expect((await me()).status).toBe(401);

    const oldPassword = await signIn(
      new BrowserLikeClient(server.url),
      'reset@example.com',
      'old password',
    );
    expect(last(oldPassword).status).toBe(401);
    const newPassword = await signIn(
      new BrowserLikeClient(server.url),
      'reset@example.com',
      'brand new password',
    );
    expect(new URL(last(newPassword).url).pathname).toBe('/discover');

    const again = await choosePassword(link, 'third password here');
    expect(again.status).toBe(400);
    expect(again.body).toContain('expired or was used already');
  });

  it('refuses a link after 30 minutes', async () => {
    const link = await newAccountsResetLink('late@example.com', 'late password');
    await executeRows(
      server.db(),
      sql`UPDATE password_reset_tokens SET expires_at = now() - interval '1 second'`,
    );
    const expired = await choosePassword(link, 'too late password');
    expect(expired.status).toBe(400);
    expect(expired.body).toContain('expired or was used already');
  });

  it('holds the new password to the same rules', async () => {
    const link = await newAccountsResetLink('rules@example.com', 'rules password');
    const common = await choosePassword(link, 'password1');
    expect(common.status).toBe(400);
    expect(common.body).toContain('This password is too common');
  });
});

describe('without SMTP_URL', () => {
  it('writes the mail to DATA_DIR/outbox, readable by its owner only', async () => {
    const local = await startTestApp();
    try {
      await signedInClient(local.url, { email: 'outbox@example.com', password: 'outbox password' });
      const client = new BrowserLikeClient(local.url);
      await client.request('POST', '/account/forgot-password', {
        form: { email: 'outbox@example.com' },
      });
      const outbox = path.join(local.dataDir, 'outbox');
      // The outbox also holds "Verify your e-mail", mailed at the account's first sign-in.
      const resetMails = async () => {
        const files = await readdir(outbox).catch(() => []);
        const contents = await Promise.all(
          files.map(async (name) => ({
            name,
            raw: await readFile(path.join(outbox, name), 'utf8'),
          })),
        );
        return contents.filter(({ raw }) => raw.includes('Subject: Reset your Encore password'));
      };
      let found: { name: string; raw: string }[] = [];
      for (let waited = 0; found.length === 0 && waited < 5_000; waited += 25) {
        found = await resetMails();
        if (found.length === 0) await new Promise((resolve) => setTimeout(resolve, 25));
      }
      expect(found).toHaveLength(1);
      const file = path.join(outbox, found[0]!.name);
      expect((await stat(file)).mode & 0o777).toBe(0o600);
      expect((await stat(outbox)).mode & 0o777).toBe(0o700);
      expect(await linkIn(found[0]!.raw)).toContain('/account/reset-password?token=');
    } finally {
      await local.close();
    }
  });
});
