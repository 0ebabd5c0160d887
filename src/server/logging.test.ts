/**
 * What the log holds when things go wrong or secrets pass by: a failed statement without
 * its values, no cookies or tokens, and a request id that the error answer also gives.
 */
import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { calendarFeeds, localAccounts } from './db/schema.ts';
import { createUser } from './db/seed/factories.ts';
import { loggedUrl } from './logging.ts';
import { useBuiltTestApp } from './testing/use-test-app.ts';

const lines: string[] = [];
const capture = new Writable({
  write(chunk: Buffer, _encoding, done) {
    lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
    done();
  },
});

const server = useBuiltTestApp({
  env: { LOG_LEVEL: 'info' },
  deps: { logStream: capture },
  routes(app) {
    // A write that breaks a constraint the way a bug would, with a secret among its values.
    app.post('/api/__duplicate-account', async () => {
      const row = {
        email: 'twice@example.com',
        passwordHash: 'scrypt$SECRET-HASH',
        firstName: 'T',
      };
      await app.db.insert(localAccounts).values(row);
      await app.db.insert(localAccounts).values(row);
      return {};
    });
    app.get('/api/__explode', async () => {
      throw new Error('a bug');
    });
  },
});

const logged = () => lines.join('\n');

describe('the log', () => {
  it('keeps a failed statement but none of its values', async () => {
    // Raw inject: what reaches the log is the request exactly as sent.
    const response = await server.app.inject({ method: 'POST', url: '/api/__duplicate-account' });
    expect(response.statusCode).toBe(409);
    expect(logged()).toMatch(/Failed query: insert into \\"local_accounts\\"/);
    expect(logged()).toContain('23505');
    expect(logged()).not.toContain('SECRET-HASH');
    expect(logged()).not.toContain('twice@example.com');
  });

  it('holds no cookie or authorization header', async () => {
    await server.app.inject({
      url: '/api/concerts',
      headers: { cookie: 'encore.sid=SECRET-COOKIE', authorization: 'Bearer SECRET-TOKEN' },
    });
    expect(logged()).not.toContain('SECRET-COOKIE');
    expect(logged()).not.toContain('SECRET-TOKEN');
  });

  it('leaves out the codes and state of the sign-in callback and provider URLs', async () => {
    await server.app.inject({ url: '/api/callback?code=SECRET-CODE&state=SECRET-STATE' });
    await server.app.inject({ url: '/oidc/auth?client_id=x&state=SECRET-OIDC-STATE' });
    expect(logged()).toContain('/api/callback?[redacted]');
    expect(logged()).not.toMatch(/SECRET-(CODE|STATE|OIDC-STATE)/);
    expect(loggedUrl('/api/concerts?search=jazz')).toBe('/api/concerts?search=jazz');
    expect(loggedUrl('/account/reset-password?token=abc')).toBe(
      '/account/reset-password?[redacted]',
    );
  });

  it('leaves out the token of a calendar feed address, on every poll', async () => {
    const user = await createUser(server.db());
    const token = 'SECRET-FEED-TOKEN-0123456789abcdefghijklmnopqrstuv';
    await server.db().insert(calendarFeeds).values({ userId: user.id, token });
    const response = await server.app.inject({ url: `/api/calendar/${token}.ics` });
    expect(response.statusCode).toBe(200);
    // A token that is nobody's is kept out too: it may be an old one, or a typo of the real one.
    await server.app.inject({ url: `/api/calendar/${token}x.ics?x=1` });
    expect(logged()).toContain('/api/calendar/[redacted]');
    expect(logged()).not.toContain('SECRET-FEED-TOKEN');
    expect(loggedUrl('/api/calendar/abc.ics?x=1')).toBe('/api/calendar/[redacted]');
    expect(loggedUrl('/api/concerts/abc/calendar.ics')).toBe('/api/concerts/abc/calendar.ics');
  });

  it('gives a 500 the request id its log line carries', async () => {
    const response = await server.app.inject({ url: '/api/__explode' });
    expect(response.statusCode).toBe(500);
    const { requestId } = response.json() as { requestId: string };
    expect(response.headers['x-request-id']).toBe(requestId);
    const line = lines
      .map((l) => JSON.parse(l) as Record<string, unknown>)
      .find((entry) => entry.msg === 'request failed' && entry.reqId === requestId);
    expect(line).toBeDefined();
  });
});
