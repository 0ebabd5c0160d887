/**
 * E-mail against a real SMTP server: the verification link (sent at sign-up and on
 * "Resend", limited, working once), the daily digest (both parts, the one-click headers,
 * once per person and local date, a refusal retried), and unsubscribing without a session
 * (one click, and refusing a forged or used link). On PostgreSQL the two senders of one
 * digest really race, on two connections.
 */
import type { AddressInfo } from 'node:net';
import { eq, sql } from 'drizzle-orm';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer, type SMTPServerDataStream } from 'smtp-server';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { executeRows } from '#server/db/index.ts';
import { mailSent, userSettings } from '#server/db/schema.ts';
import { findOrCreateUserForIdentity } from '../users/index.ts';
import { apiClient } from '#server/testing/api-client.ts';
import { jobsSettled } from '#server/testing/jobs.ts';
import { createMailer } from '#server/mail/mailer.ts';
import { NO_SUCH_ID, useTestApp } from '#server/testing/use-test-app.ts';
import { queueDailyDigests, sendDailyDigest } from './digest.ts';
import { isQuietHour, sendingHour } from './quiet-hours.ts';

/** A mail server that keeps what it accepts, refuses while asked to, and may answer slowly. */
let smtp: SMTPServer;
let refusalsLeft = 0;
let answerAfterMs = 0;
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
        setTimeout(() => {
          void simpleParser(Buffer.concat(chunks)).then((mail) => {
            inbox.push(mail);
            callback();
          });
        }, answerAfterMs);
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
});
afterAll(() => new Promise<void>((resolve) => smtp.close(() => resolve())));
beforeEach(() => {
  refusalsLeft = 0;
  answerAfterMs = 0;
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
    EMAIL_VERIFICATIONS_PER_HOUR: '2',
    // The digest's hour is now, in UTC, and no hour is quiet: the test runs at any time.
    DIGEST_HOUR: String(new Date().getUTCHours()),
    QUIET_HOURS: '0-0',
  },
}));
const { db, person, create } = server;
const visitor = () => apiClient(server.app);
/** What the jobs work with, for calling the digest's work directly as a worker would. */
const digestSources = () => ({
  db: db(),
  writer: server.app.writer,
  mailer: createMailer({
    smtpUrl: `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}`,
    from: 'Encore <no-reply@encore.test>',
    dataDir: '/nonexistent',
    log: { info: () => {} },
  }),
  publicUrl: PUBLIC_URL,
  mail: {
    smtpUrl: undefined,
    from: 'Encore <no-reply@encore.test>',
    verificationsPerHour: 2,
    verificationLinkHours: 48,
    unsubscribeLinkDays: 180,
    digestHour: new Date().getUTCHours(),
    quietHours: { from: 0, to: 0 },
  },
});

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
/** A header's line as sent, unfolded. */
const header = (mail: ParsedMail, name: string) =>
  mail.headerLines.find((line) => line.key === name)?.line.replace(/\r\n[ \t]/g, ' ');
/** The path of the first link to `prefix` in the mail's text part. */
function linkIn(mail: ParsedMail, prefix: string): string {
  const found = mail.text?.match(new RegExp(`${PUBLIC_URL}(${prefix}[^\\s\\]]+)`));
  expect(found, `a link to ${prefix} in:\n${mail.text}`).toBeTruthy();
  return found![1]!;
}

/** The token of a mailed verification link (/verify-email/{token}). */
const tokenOf = (link: string) => decodeURIComponent(link.slice('/verify-email/'.length));

async function isVerified(userId: string): Promise<boolean> {
  const [row] = await executeRows<{ verified: boolean }>(
    db(),
    sql`SELECT email_verified_at IS NOT NULL AS verified FROM users WHERE id = ${userId}`,
  );
  return row?.verified ?? false;
}

describe('Verify your e-mail', () => {
  it('is mailed when an account is made, and its link verifies the address once', async () => {
    const email = `new-${Date.now()}@example.com`;
    const user = await findOrCreateUserForIdentity(
      db(),
      { issuer: 'https://id.example', subject: email, email, givenName: 'Nova' },
      server.app.writer,
    );
    const mail = await onlyMailTo(email);
    expect(mail.subject).toBe('Verify your e-mail for Encore');
    expect(mail.html).toContain('Verify your e-mail');
    expect(mail.text).toContain('Hi Nova,');
    // Transactional: nothing to unsubscribe from.
    expect(header(mail, 'list-unsubscribe')).toBeUndefined();

    // The link opens a page; only its button's POST verifies, so a mail scanner following
    // every link verifies nothing.
    const link = linkIn(mail, '/verify-email/');
    const token = tokenOf(link);
    const scanned = await visitor().get(`/api/account/verify-email?token=${token}`);
    expect(scanned.status).toBe(303);
    expect(scanned.headers.location).toBe(link);
    expect(await isVerified(user.id)).toBe(false);

    const pressed = await visitor().post('/api/account/verify-email', { token });
    expect(pressed.status).toBe(204);
    expect(await isVerified(user.id)).toBe(true);

    const again = await visitor().post('/api/account/verify-email', { token });
    expect(again.status).toBe(400);
    expect(again.body).toEqual({ message: 'token was already used: your e-mail is verified' });
    const missing = await visitor().post('/api/account/verify-email', {});
    expect(missing.status).toBe(400);
    expect(missing.body).toEqual({ message: "Invalid body field 'token': token is required" });
  });

  it('shows the state, resends a few times an hour, and refuses a forged link', async () => {
    const { user, api } = await person();
    expect((await api.get('/api/users/me/email-verification')).body).toEqual({
      email: user.email,
      verifiedAt: null,
    });
    expect((await api.post('/api/users/me/email-verification')).status).toBe(202);
    expect((await api.post('/api/users/me/email-verification')).status).toBe(202);
    const third = await api.post('/api/users/me/email-verification');
    expect(third.status).toBe(429);
    expect(Number(third.headers['retry-after'])).toBeGreaterThan(0);
    expect(third.body).toEqual({
      message: expect.stringContaining('Too many verification e-mails'),
    });

    await vi.waitFor(() => expect(mailTo(user.email!)).toHaveLength(2), { timeout: 15_000 });
    const token = tokenOf(linkIn(mailTo(user.email!)[0]!, '/verify-email/'));
    const [body, mac] = token.split('.');
    // The same payload naming someone else, with the signature of the real one.
    const payload = JSON.parse(Buffer.from(body!, 'base64url').toString()) as Record<
      string,
      unknown
    >;
    const forgedBody = Buffer.from(JSON.stringify({ ...payload, u: NO_SUCH_ID })).toString(
      'base64url',
    );
    for (const forged of [`${forgedBody}.${mac}`, `${body}.${mac!.slice(0, -2)}AA`, 'nonsense']) {
      const refused = await visitor().post('/api/account/verify-email', { token: forged });
      expect(refused.status).toBe(400);
      expect(refused.body).toEqual({ message: 'token is not a verification link Encore sent' });
    }

    // Either link works, once; then the state says so and "Resend" has nothing to do.
    expect((await visitor().post('/api/account/verify-email', { token })).status).toBe(204);
    const state = await api.get<{ verifiedAt: string | null }>('/api/users/me/email-verification');
    expect(state.body.verifiedAt).not.toBeNull();
    const resend = await api.post('/api/users/me/email-verification');
    expect(resend.status).toBe(409);
    expect(resend.body).toEqual({ message: 'email is already verified' });
  });

  it('needs a session to see or resend', async () => {
    expect((await visitor().get('/api/users/me/email-verification')).status).toBe(401);
    expect((await visitor().post('/api/users/me/email-verification')).status).toBe(401);
  });
});

describe('the daily digest', () => {
  async function readerWithUnread(verified = true) {
    const user = await create.user({ emailVerifiedAt: verified ? new Date() : null });
    await create.notification({ userId: user.id });
    return user;
  }
  const today = () => new Date().toISOString().slice(0, 10);
  const digestsOf = (userId: string) =>
    db().select().from(mailSent).where(eq(mailSent.userId, userId));

  it('is queued for people due at this hour, and sent with both parts and one-click headers', async () => {
    const reader = await readerWithUnread();
    const unverified = await readerWithUnread(false);
    const nothingUnread = await create.user({ emailVerifiedAt: new Date() });
    const digestOff = await readerWithUnread();
    await db().insert(userSettings).values({ userId: digestOff.id, dailyDigest: false });

    await server.app.jobs.enqueue(db(), [{ kind: 'daily-digests' }]);
    server.app.jobs.wake(['daily-digests']);
    const mail = await onlyMailTo(reader.email!);
    expect(mail.subject).toBe('Your Encore digest: 1 unread notification');
    expect(mail.html).toContain('Your daily digest');
    expect(mail.text).toContain('Open your notifications');
    expect(mail.text).toMatch(/started following you/);
    const oneClick = header(mail, 'list-unsubscribe');
    expect(oneClick).toMatch(
      new RegExp(`^List-Unsubscribe: <${PUBLIC_URL}/api/unsubscribe/[^>]+>$`),
    );
    expect(header(mail, 'list-unsubscribe-post')).toBe(
      'List-Unsubscribe-Post: List-Unsubscribe=One-Click',
    );
    expect(mail.text).toContain(`${PUBLIC_URL}/unsubscribe/`);
    expect(await digestsOf(reader.id)).toEqual([
      expect.objectContaining({ kind: 'digest', occasion: today() }),
    ]);
    for (const other of [unverified, nothingUnread, digestOff]) {
      expect(mailTo(other.email!)).toEqual([]);
    }

    // The next run of the hour finds nothing new for them: no second mail.
    await server.app.jobs.enqueue(db(), [{ kind: 'daily-digests' }]);
    server.app.jobs.wake(['daily-digests']);
    await jobsSettled(db());
    expect(mailTo(reader.email!)).toHaveLength(1);
  });

  it('is sent once when the mail server refuses it first, after a retry', async () => {
    const reader = await readerWithUnread();
    refusalsLeft = 1;
    await server.app.writer.write(async (_tx, changes) => {
      changes.record({ kind: 'digest-due', userId: reader.id, localDate: today() });
    });
    await onlyMailTo(reader.email!);
    const [job] = await executeRows<{ state: string; retry_count: number }>(
      db(),
      sql`SELECT state::text AS state, retry_count FROM pgboss.job
           WHERE name = 'digest-mail' AND data->>'userId' = ${reader.id}`,
    );
    expect(job).toEqual({ state: 'completed', retry_count: 1 });
    expect(await digestsOf(reader.id)).toHaveLength(1);
  });

  it('is sent once per person and date by senders racing for it', async () => {
    const reader = await readerWithUnread();
    // The server answers slowly, so the second sender arrives while the first one sends.
    answerAfterMs = 300;
    const sources = digestSources();
    const sent = await Promise.all([
      sendDailyDigest(sources, reader.id, today()),
      sendDailyDigest(sources, reader.id, today()),
      sendDailyDigest(sources, reader.id, today()),
    ]);
    expect(sent.filter(Boolean)).toHaveLength(1);
    expect(mailTo(reader.email!)).toHaveLength(1);
    expect(await digestsOf(reader.id)).toHaveLength(1);
    // And two jobs for it, taken by the workers side by side.
    await server.app.writer.write(async (_tx, changes) => {
      changes.record({ kind: 'digest-due', userId: reader.id, localDate: today() });
      changes.record({ kind: 'digest-due', userId: reader.id, localDate: today() });
    });
    await jobsSettled(db());
    expect(mailTo(reader.email!)).toHaveLength(1);
    expect(await queueDailyDigests(sources)).toBeGreaterThanOrEqual(0);
  });
});

describe('one-click unsubscribe', () => {
  async function digestWithLinks() {
    const reader = await create.user({ emailVerifiedAt: new Date() });
    await create.notification({ userId: reader.id });
    await server.app.writer.write(async (_tx, changes) => {
      changes.record({ kind: 'digest-due', userId: reader.id, localDate: '2026-01-01' });
    });
    const mail = await onlyMailTo(reader.email!);
    const line = header(mail, 'list-unsubscribe')!;
    const oneClick = line.slice(line.indexOf('<') + 1, line.lastIndexOf('>'));
    return { reader, path: new URL(oneClick).pathname };
  }
  const oneClickPost = (path: string) =>
    visitor().post(path, undefined, {
      // As a mail client posts it: from its own origin, with no session.
      payload: 'List-Unsubscribe=One-Click',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        origin: 'https://mail.example',
      },
    });
  const digestSwitch = async (userId: string) =>
    (await db().select().from(userSettings).where(eq(userSettings.userId, userId)))[0]?.dailyDigest;

  it('turns the digest off without a session, once; the used link is refused', async () => {
    const { reader, path } = await digestWithLinks();
    const done = await oneClickPost(path);
    expect(done.status).toBe(200);
    expect(done.body).toEqual({
      kind: 'digest',
      message: 'You will no longer get the daily digest.',
    });
    expect(await digestSwitch(reader.id)).toBe(false);

    // Turned on again in Settings, the old link cannot turn it off a second time.
    await db()
      .update(userSettings)
      .set({ dailyDigest: true })
      .where(eq(userSettings.userId, reader.id));
    const reused = await oneClickPost(path);
    expect(reused.status).toBe(400);
    expect(reused.body).toEqual({ message: 'token was already used: this mail is off' });
    expect(await digestSwitch(reader.id)).toBe(true);
  });

  it('refuses a forged link, and a link made for another purpose', async () => {
    const { reader, path } = await digestWithLinks();
    const token = path.split('/').pop()!;
    const [body, mac] = token.split('.');
    const payload = JSON.parse(Buffer.from(body!, 'base64url').toString()) as Record<
      string,
      unknown
    >;
    const otherNonce = Buffer.from(JSON.stringify({ ...payload, n: 'another' })).toString(
      'base64url',
    );
    const asVerification = Buffer.from(JSON.stringify({ ...payload, p: 'verify-email' })).toString(
      'base64url',
    );
    for (const forged of [`${otherNonce}.${mac}`, `${asVerification}.${mac}`, `${body}.`, 'x']) {
      const refused = await oneClickPost(`/api/unsubscribe/${forged}`);
      expect(refused.status).toBe(400);
      expect(refused.body).toEqual({ message: 'token is not an unsubscribe link Encore sent' });
    }
    expect(await digestSwitch(reader.id)).toBeUndefined();
    // The real one still works.
    expect((await oneClickPost(path)).status).toBe(200);
  });
});

describe('quiet hours', () => {
  it.each([
    [22, true],
    [3, true],
    [7, true],
    [8, false],
    [21, false],
  ])('22-8: %i o’clock quiet is %s', (hour, quiet) => {
    expect(isQuietHour(hour, { from: 22, to: 8 })).toBe(quiet);
  });

  it('holds a digest due in quiet hours until they end', () => {
    expect(sendingHour(8, { from: 22, to: 8 })).toBe(8);
    expect(sendingHour(23, { from: 22, to: 8 })).toBe(8);
    expect(sendingHour(13, { from: 12, to: 14 })).toBe(14);
    expect(isQuietHour(5, { from: 0, to: 0 })).toBe(false);
  });
});
