import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { sessions, users } from '../db/schema.ts';
import { BrowserLikeClient, last, readForm, type Hop } from '../testing/browser-like-client.ts';
import { createAccount, openSignInPage, signIn, type NewAccount } from '../testing/sign-in.ts';
import { useTestApp } from '../testing/use-test-app.ts';
import { SESSION_COOKIE } from './sessions.ts';

const server = useTestApp({ env: { SIGN_IN_ATTEMPTS_PER_ACCOUNT: '3' } });
const { db } = server;

async function currentUser(client: BrowserLikeClient) {
  const response = await client.request('GET', '/api/user', {
    headers: { accept: 'application/json' },
  });
  return { status: response.status, body: JSON.parse(response.body) as Record<string, unknown> };
}

/** Grace, signed in through the real pages. */
async function graceSignedIn() {
  const client = new BrowserLikeClient(server.url);
  await signIn(client, 'grace@example.com', 'hopper hopper');
  return client;
}

/** The app's own sign-out, as its page sends it. */
const signOutOfApp = (client: BrowserLikeClient) =>
  client.request('POST', '/api/logout', { headers: { origin: server.url } });

/** Submits the provider's sign-out form as the page's own script does; returns every hop after. */
async function submitProviderSignOut(client: BrowserLikeClient, endSessionPage: Hop) {
  const { action, fields } = readForm(endSessionPage.body, 'op.logoutForm');
  return client.follow(
    await client.request('POST', action, { form: { ...fields, logout: 'yes' } }),
  );
}

/** The provider forgot the person too: /api/login asks for a password again. */
async function expectPasswordAskedAgain(client: BrowserLikeClient) {
  const { page } = await openSignInPage(client);
  expect(page.body).toContain('>Password</label>');
}

describe('sign-in through the embedded provider', () => {
  it('answers 401 with a message before sign-in', async () => {
    const me = await currentUser(new BrowserLikeClient(server.url));
    expect(me.status).toBe(401);
    expect(me.body.message).toEqual(expect.any(String));
  });

  it('shows the sign-in page with its fields and the create-account link', async () => {
    const { page } = await openSignInPage(new BrowserLikeClient(server.url));
    expect(page.body).toContain('>Email</label>');
    expect(page.body).toContain('>Password</label>');
    expect(page.body).toContain('>Sign in</button>');
    expect(page.body).toContain('Create an account');
  });

  it('opens the create-account form directly when asked to', async () => {
    const { page } = await openSignInPage(new BrowserLikeClient(server.url), 'create-account');
    expect(page.body).toContain('First name');
    expect(page.body).toContain('Last name');
    expect(page.body).toContain('>Create account</button>');
  });

  it('follows the "Create an account" link from the sign-in page', async () => {
    const client = new BrowserLikeClient(server.url);
    const { interactionPath } = await openSignInPage(client);
    const form = await client.get(`${interactionPath}/create-account`);
    expect(form.status).toBe(200);
    expect(form.body).toContain('>Create account</button>');
  });

  it('creates an account, lands on /discover with a fresh session and knows the user', async () => {
    const client = new BrowserLikeClient(server.url);
    await openSignInPage(client);
    const sessionBefore = (await client.cookie(SESSION_COOKIE))?.value;
    expect(sessionBefore).toBeDefined();

    const hops = await createAccount(client, {
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: 'Ada@Example.com',
      password: 'correct horse',
    });
    expect(new URL(last(hops).url).pathname).toBe('/discover');

    const cookie = await client.cookie(SESSION_COOKIE);
    expect(cookie?.value).not.toBe(sessionBefore);
    expect(cookie?.httpOnly).toBe(true);
    expect(cookie?.sameSite).toBe('lax');
    expect(cookie?.secure).toBe(false);

    const me = await currentUser(client);
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: 'ada@example.com',
      username: 'ada-lovelace',
    });
  });

  it('refuses a taken email and a short password on the create-account form', async () => {
    const refusals: { fields: NewAccount; status: number; pageSays: string[] }[] = [
      {
        fields: { firstName: 'Someone', email: 'ada@example.com', password: 'another password' },
        status: 409,
        pageSays: ['An account with this email already exists'],
      },
      {
        fields: { firstName: 'Short', email: 'short@example.com', password: 'seven77' },
        status: 400,
        pageSays: ['Password must be at least 8 characters', 'value="short@example.com"'],
      },
    ];
    for (const { fields, status, pageSays } of refusals) {
      // The page the form answers with, from a browser of its own.
      const page = last(await createAccount(new BrowserLikeClient(server.url), fields));
      expect(page.status, fields.email).toBe(status);
      for (const text of pageSays) expect(page.body, fields.email).toContain(text);
    }
  });

  it('opens a refused create-account form on the field in error, keeping what was typed', async () => {
    const page = last(
      await createAccount(new BrowserLikeClient(server.url), {
        firstName: 'Kept',
        lastName: 'Name',
        email: 'kept@example.com',
        password: 'seven77',
      }),
    );
    expect(page.status).toBe(400);
    const input = (name: string) =>
      page.body.match(new RegExp(`<input[^>]*name="${name}"[^>]*>`))![0];
    expect(input('password')).toContain(' autofocus');
    expect(input('password')).toContain('aria-invalid="true"');
    expect(input('firstName')).not.toContain('autofocus');
    expect(input('firstName')).toContain('value="Kept"');
    expect(input('lastName')).toContain('value="Name"');
    expect(input('email')).toContain('value="kept@example.com"');
  });

  it('signs the same person in again as the same user, matched by issuer and subject', async () => {
    const client = new BrowserLikeClient(server.url);
    await createAccount(client, {
      firstName: 'Grace',
      email: 'grace@example.com',
      password: 'hopper hopper',
    });
    const first = await currentUser(client);

    const again = new BrowserLikeClient(server.url);
    const hops = await signIn(again, 'grace@example.com', 'hopper hopper');
    expect(new URL(last(hops).url).pathname).toBe('/discover');
    const second = await currentUser(again);
    expect(second.body.id).toBe(first.body.id);

    const [row] = await db()
      .select({ issuer: users.authIssuer, subject: users.authSubject })
      .from(users)
      .where(eq(users.id, String(first.body.id)));
    expect(row?.issuer).toBe(`${server.url}/oidc`);
    expect(row?.subject).toEqual(expect.any(String));
  });

  it('says "Invalid email or password" for wrong credentials', async () => {
    const wrongPassword = { email: 'grace@example.com', password: 'nope nope' };
    const unknownEmail = { email: 'nobody@example.com', password: 'whatever1' };
    for (const { email, password } of [wrongPassword, unknownEmail]) {
      const page = last(await signIn(new BrowserLikeClient(server.url), email, password));
      expect(page.status, email).toBe(401);
      expect(page.body, email).toContain('Invalid email or password');
    }
  });

  it('rate-limits repeated failures for one email, even with the right password after', async () => {
    const email = 'limited@example.com';
    await createAccount(new BrowserLikeClient(server.url), {
      firstName: 'Lim',
      email,
      password: 'right password',
    });
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const hops = await signIn(new BrowserLikeClient(server.url), email, `wrong ${attempt}`);
      expect(last(hops).status).toBe(401);
    }
    const blocked = await signIn(new BrowserLikeClient(server.url), email, 'right password');
    expect(last(blocked).status).toBe(429);
    expect(last(blocked).body).toContain('Too many sign-in attempts');
    expect(last(blocked).headers.get('retry-after')).toMatch(/^\d+$/);
  });

  it('signs out here and at the provider without a confirmation click', async () => {
    const client = await graceSignedIn();
    expect((await currentUser(client)).status).toBe(200);

    const hops = await client.navigate('/api/logout');
    const endSessionPage = last(hops);
    expect(endSessionPage.status).toBe(200);
    expect(endSessionPage.body).toContain('f.submit()');
    const done = await submitProviderSignOut(client, endSessionPage);
    expect(last(done).url).toBe(`${server.url}/`);
    expect((await currentUser(client)).status).toBe(401);
    await expectPasswordAskedAgain(client);
  });

  it('ends the provider session too when the app signed out with a POST first', async () => {
    const client = await graceSignedIn();
    expect((await signOutOfApp(client)).status).toBe(204);

    const endSessionPage = last(await client.navigate('/api/logout'));
    expect(new URL(endSessionPage.url).searchParams.get('client_id')).toBe('encore-web');
    const done = await submitProviderSignOut(client, endSessionPage);
    expect(last(done).url).toBe(`${server.url}/`);
    await expectPasswordAskedAgain(client);
  });

  it('signs out at the provider too and lands on the sign-in page with then=sign-in', async () => {
    const client = await graceSignedIn();
    expect((await signOutOfApp(client)).status).toBe(204);

    const endSessionPage = last(await client.navigate('/api/logout?then=sign-in'));
    const done = await submitProviderSignOut(client, endSessionPage);
    expect(last(done).url).toBe(`${server.url}/auth`);
    await expectPasswordAskedAgain(client);
  });

  it('reads a session without writing it back, so sign-out cannot be undone by a late request', async () => {
    const client = await graceSignedIn();
    const sid = decodeURIComponent((await client.cookie(SESSION_COOKIE))!.value).split('.')[0]!;
    const before = await db().select().from(sessions).where(eq(sessions.sid, sid));
    expect(before).toHaveLength(1);
    await new Promise((resolve) => setTimeout(resolve, 20));
    const read = await client.request('GET', '/api/user', {
      headers: { accept: 'application/json' },
    });
    expect(read.status).toBe(200);
    expect(read.headers.getSetCookie()).toEqual([]);
    const after = await db().select().from(sessions).where(eq(sessions.sid, sid));
    expect(after[0]!.expire).toEqual(before[0]!.expire);
  });

  it('drops the session row on sign-out', async () => {
    const client = await graceSignedIn();
    const [before] = await db().select({ n: count() }).from(sessions);
    expect((await signOutOfApp(client)).status).toBe(204);
    const [after] = await db().select({ n: count() }).from(sessions);
    expect(after!.n).toBe(before!.n - 1);
    expect((await currentUser(client)).status).toBe(401);
  });

  it('refuses a state-changing call from another origin', async () => {
    const client = await graceSignedIn();
    const response = await client.request('POST', '/api/logout', {
      headers: { origin: 'http://evil.example' },
    });
    expect(response.status).toBe(403);
    expect(JSON.parse(response.body)).toEqual({ message: 'Cross-origin request refused' });
    expect((await currentUser(client)).status).toBe(200);
  });

  it('sends a visitor whose sign-in expired back to /auth', async () => {
    const response = await new BrowserLikeClient(server.url).get('/api/callback?code=x&state=y');
    expect(response.status).toBe(302);
    expect(response.location).toBe(`${server.url}/auth?error=expired`);
  });
});
