import { randomBytes } from 'node:crypto';
import { count, eq, sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { localAccounts, sessions, users } from '../db/schema.ts';
import { databasePlugin } from '../plugins/database.ts';
import { apiClient, signInAs } from '../testing/api-client.ts';
import { BrowserLikeClient } from '../testing/browser-like-client.ts';
import { openSignInPage, signedInClient } from '../testing/sign-in.ts';
import { useTestApp } from '../testing/use-test-app.ts';
import {
  PENDING_SIGN_IN_MAX_AGE_MS,
  SESSION_COOKIE,
  SESSION_MAX_AGE_MS,
  sessionsPlugin,
} from './sessions.ts';

const server = useTestApp();
const { db, person, create } = server;

async function sessionRow(client: BrowserLikeClient) {
  const signed = decodeURIComponent((await client.cookie(SESSION_COOKIE))!.value);
  const [row] = await db()
    .select()
    .from(sessions)
    .where(eq(sessions.sid, signed.split('.')[0]!));
  return row;
}

const signedIn = async (client: BrowserLikeClient) =>
  (await client.request('GET', '/api/user', { headers: { accept: 'application/json' } })).status ===
  200;

describe('a sign-in nobody finishes', () => {
  it('keeps its pending session for ten minutes, not thirty days', async () => {
    const client = new BrowserLikeClient(server.url);
    await openSignInPage(client);
    const row = await sessionRow(client);
    const lifetime = row!.expire.getTime() - Date.now();
    expect(lifetime).toBeGreaterThan(PENDING_SIGN_IN_MAX_AGE_MS - 60_000);
    expect(lifetime).toBeLessThanOrEqual(PENDING_SIGN_IN_MAX_AGE_MS);
    const cookie = await client.cookie(SESSION_COOKIE);
    expect(cookie!.expires).toBeInstanceOf(Date);
    expect((cookie!.expires as Date).getTime() - Date.now()).toBeLessThanOrEqual(
      PENDING_SIGN_IN_MAX_AGE_MS,
    );
  });

  it('gives the signed-in session its full lifetime once sign-in completes', async () => {
    const { client } = await signedInClient(server.url);
    const lifetime = (await sessionRow(client))!.expire.getTime() - Date.now();
    expect(lifetime).toBeGreaterThan(SESSION_MAX_AGE_MS - 60_000);
  });
});

describe('GET /api/logout', () => {
  it('signs nobody out when another site links to it', async () => {
    const { client } = await signedInClient(server.url);
    const fromLink = await client.request('GET', '/api/logout', {
      headers: { 'sec-fetch-site': 'cross-site', 'sec-fetch-mode': 'navigate' },
    });
    expect(fromLink.status).toBe(302);
    expect(fromLink.location).toBe(`${server.url}/`);
    expect(await signedIn(client)).toBe(true);

    const fromOlderBrowser = await client.request('GET', '/api/logout', {
      headers: { referer: 'http://evil.example/page' },
    });
    expect(fromOlderBrowser.status).toBe(302);
    expect(await signedIn(client)).toBe(true);
  });

  it("signs out from Encore's own pages", async () => {
    const { client } = await signedInClient(server.url);
    const own = await client.request('GET', '/api/logout', {
      headers: { 'sec-fetch-site': 'same-origin', referer: `${server.url}/discover` },
    });
    expect(own.status).toBe(302);
    expect(own.location).toContain('/oidc/session/end');
    expect(await signedIn(client)).toBe(false);
  });
});

describe('the session cookie over https', () => {
  it('carries the __Host- prefix, Secure and path /', async () => {
    // TLS ends at a trusted proxy, which says so in X-Forwarded-Proto.
    const app = Fastify({ trustProxy: true });
    await app.register(databasePlugin, { db: db() });
    await app.register(sessionsPlugin, {
      secret: randomBytes(32).toString('hex'),
      secureCookies: true,
    });
    const someone = await create.user();
    app.get('/remember', async (request) => {
      request.session.userId = someone.id;
      return {};
    });
    try {
      // Raw inject: the session cookie's attributes are the test, as the response sets them.
      const response = await app.inject({
        url: '/remember',
        headers: { 'x-forwarded-proto': 'https' },
      });
      const setCookie = String(response.headers['set-cookie']);
      expect(setCookie).toMatch(/^__Host-encore\.sid=/);
      expect(setCookie).toContain('Secure');
      expect(setCookie).toContain('Path=/');
      expect(setCookie).not.toContain('Domain=');
    } finally {
      await app.close();
    }
  });
});

describe('a request without a session cookie', () => {
  it('gets no cookie and leaves no session row', async () => {
    const [before] = await db().select({ n: count() }).from(sessions);
    const response = await apiClient(server.app).get('/api/concerts?limit=1');
    expect(response.status).toBe(200);
    expect(response.headers['set-cookie']).toBeUndefined();
    const [after] = await db().select({ n: count() }).from(sessions);
    expect(after!.n).toBe(before!.n);
  });

  it('never reaches the session store, nor does a forged cookie or a page request', async () => {
    const { api: signedIn } = await person();
    const forged = apiClient(server.app, `${SESSION_COOKIE}=${encodeURIComponent('sid.forged')}`);
    // With the session table gone, only a request that reads it can fail.
    await db().execute(sql`ALTER TABLE "session" RENAME TO "session_away"`);
    try {
      expect((await apiClient(server.app).get('/api/concerts?limit=1')).status).toBe(200);
      expect((await forged.get('/api/concerts?limit=1')).status).toBe(200);
      // Pages and assets do not read the session either, whatever cookie they carry.
      expect((await signedIn.get('/discover')).status).toBe(404);
      // The table is really away: a real session's API request needs it and fails.
      expect((await signedIn.get('/api/user')).status).toBe(500);
    } finally {
      await db().execute(sql`ALTER TABLE "session_away" RENAME TO "session"`);
    }
    expect((await signedIn.get('/api/user')).status).toBe(200);
  });
});

describe('a stored session', () => {
  it('is signed out once it has expired', async () => {
    const { user, api } = await person();
    expect((await api.get('/api/user')).status).toBe(200);
    await db()
      .update(sessions)
      .set({ expire: new Date(Date.now() - 1000) })
      .where(eq(sessions.userId, user.id));
    expect((await api.get('/api/user')).status).toBe(401);
  });

  it('ends with sign-out: its row goes and the browser is told to drop the cookie', async () => {
    const { user, api } = await person();
    const response = await api.post('/api/logout');
    expect(response.status).toBe(204);
    expect(String(response.headers['set-cookie'])).toMatch(
      new RegExp(`^${SESSION_COOKIE}=;.*Expires=Thu, 01 Jan 1970`),
    );
    expect(await db().select().from(sessions).where(eq(sessions.userId, user.id))).toEqual([]);
    expect((await api.get('/api/user')).status).toBe(401);
  });
});

describe('a deleted user', () => {
  it('is signed out on their next request instead of meeting a missing row', async () => {
    const { user, api } = await person();
    expect((await api.get('/api/user')).status).toBe(200);
    await db().delete(users).where(eq(users.id, user.id));
    const after = await api.post('/api/wishlist', { concertId: 'anything' });
    expect(after.status).toBe(401);
    expect(after.body).toEqual({ message: 'Not signed in' });
  });

  it('leaves no session rows behind', async () => {
    const { user } = await person();
    await signInAs(server, user.id); // signed in on a second device too
    const rows = () => db().select().from(sessions).where(eq(sessions.userId, user.id));
    expect(await rows()).toHaveLength(2);
    await db().delete(users).where(eq(users.id, user.id));
    expect(await rows()).toHaveLength(0);
  });
});

describe("a local account's user", () => {
  it('is linked at the first sign-in, and the account goes with the user', async () => {
    const { userId } = await signedInClient(server.url, { email: 'linked@example.com' });
    const [account] = await db()
      .select({ userId: localAccounts.userId })
      .from(localAccounts)
      .where(eq(localAccounts.email, 'linked@example.com'));
    expect(account?.userId).toBe(userId);
    await db().delete(users).where(eq(users.id, userId));
    const left = await db()
      .select()
      .from(localAccounts)
      .where(eq(localAccounts.email, 'linked@example.com'));
    expect(left).toEqual([]);
  });
});
