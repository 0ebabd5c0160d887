/**
 * The sign-in limits as an attacker would try them: many guesses at once, guesses from
 * elsewhere while the owner signs in, sign-up floods, request floods.
 */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { executeRows } from '#server/db/index.ts';
import { BrowserLikeClient } from '#server/testing/browser-like-client.ts';
import { openSignInPage } from '#server/testing/sign-in.ts';
import { useTestApp } from '#server/testing/use-test-app.ts';
import { createHashingQueue, HashingBusyError } from './hashing-queue.ts';
import { COMMON_PASSWORD } from './password-rules.ts';

const server = useTestApp({
  env: {
    // Requests name their address through X-Forwarded-For, as behind a proxy.
    TRUST_PROXY: '127.0.0.1',
    SIGN_IN_ATTEMPTS_PER_ACCOUNT: '5',
    SIGN_IN_ATTEMPTS_PER_ADDRESS: '20',
    SIGNUPS_PER_IP_PER_HOUR: '3',
  },
});

const from = (address: string) => ({ 'x-forwarded-for': address });

let accounts = 0;

/** Each account from an address of its own, so set-up stays clear of the sign-up limit. */
async function newAccount(email: string, password = 'right password') {
  accounts += 1;
  const client = new BrowserLikeClient(server.url);
  const { interactionPath } = await openSignInPage(client);
  const created = await client.request('POST', `${interactionPath}/create-account`, {
    form: { firstName: 'Owner', lastName: '', email, password },
    headers: from(`10.9.0.${accounts}`),
  });
  expect(created.status).toBe(303);
}

/** A sign-in page opened and ready for its password, from `address`. */
async function readyToSignIn() {
  const client = new BrowserLikeClient(server.url);
  const { interactionPath } = await openSignInPage(client);
  return (email: string, password: string, address: string) =>
    client.request('POST', `${interactionPath}/login`, {
      form: { email, password },
      headers: from(address),
    });
}

describe('sign-in attempts', () => {
  it('judges only five of eight wrong passwords sent at once for one account', async () => {
    await newAccount('burst@example.com');
    const pages = await Promise.all(Array.from({ length: 8 }, readyToSignIn));
    const answers = await Promise.all(
      pages.map((submit, i) => submit('burst@example.com', `wrong ${i}`, '203.0.113.1')),
    );
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429, 429, 429]);
    const refused = answers.find((a) => a.status === 429)!;
    expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(refused.body).toContain('Too many sign-in attempts. Please wait');
  });

  it('keeps the owner signing in from their own network while someone guesses elsewhere', async () => {
    await newAccount('owner@example.com');
    for (let i = 0; i < 6; i += 1) {
      await (
        await readyToSignIn()
      )('owner@example.com', `guess ${i}`, '198.51.100.7');
    }
    const blocked = await (
      await readyToSignIn()
    )('owner@example.com', 'right password', '198.51.100.7');
    expect(blocked.status).toBe(429);

    const owner = await (
      await readyToSignIn()
    )('owner@example.com', 'right password', '192.0.2.44');
    expect(owner.status).toBe(303);
  });

  it('makes each window a guesser overflows twice as long as the last', async () => {
    await newAccount('slow@example.com');
    const guess = async () => (await readyToSignIn())('slow@example.com', 'not it', '203.0.113.99');
    const overflow = async () => {
      for (let i = 0; i < 6; i += 1) await guess();
      return Number((await guess()).headers.get('retry-after'));
    };
    const windowEnd = () =>
      sql`UPDATE auth_throttles SET window_ends_at = now() - interval '1 second'
          WHERE key = 'sign-in:slow@example.com|203.0.113.99'`;

    const first = await overflow();
    expect(first).toBeGreaterThan(14 * 60);
    expect(first).toBeLessThanOrEqual(15 * 60);
    await executeRows(server.db(), windowEnd());
    const second = await overflow();
    expect(second).toBeGreaterThan(29 * 60);
    expect(second).toBeLessThanOrEqual(30 * 60);
  });

  it('forgives the failures of someone who then gets their password right', async () => {
    await newAccount('forgetful@example.com');
    for (let i = 0; i < 4; i += 1) {
      await (
        await readyToSignIn()
      )('forgetful@example.com', 'almost', '203.0.113.50');
    }
    const right = await (
      await readyToSignIn()
    )('forgetful@example.com', 'right password', '203.0.113.50');
    expect(right.status).toBe(303);
    for (let i = 0; i < 4; i += 1) {
      const again = await (await readyToSignIn())('forgetful@example.com', 'typo', '203.0.113.50');
      expect(again.status).toBe(401);
    }
  });
});

describe('new accounts', () => {
  async function signUp(email: string, address: string, accept = 'text/html') {
    const client = new BrowserLikeClient(server.url);
    const { interactionPath } = await openSignInPage(client);
    return client.request('POST', `${interactionPath}/create-account`, {
      form: { firstName: 'New', lastName: '', email, password: 'a fine password' },
      headers: { ...from(address), accept },
    });
  }

  it('allows SIGNUPS_PER_IP_PER_HOUR from one address, then 429 with Retry-After', async () => {
    for (let i = 0; i < 3; i += 1) {
      expect((await signUp(`flood${i}@example.com`, '203.0.113.200')).status).toBe(303);
    }
    const page = await signUp('flood3@example.com', '203.0.113.200');
    expect(page.status).toBe(429);
    expect(page.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(page.body).toContain('Too many new accounts from this network');

    const api = await signUp('flood4@example.com', '203.0.113.200', 'application/json');
    expect(api.status).toBe(429);
    expect(JSON.parse(api.body)).toEqual({ message: expect.stringContaining('Too many') });
    // Another network is not affected.
    expect((await signUp('elsewhere@example.com', '192.0.2.200')).status).toBe(303);
  });

  it.each([
    ['password1', COMMON_PASSWORD],
    ['        ', 'Password cannot be only spaces'],
    ['same@example.com', 'Password must not be your email address'],
    ['short', 'Password must be at least 8 characters'],
  ])('refuses the password %j and says what to change', async (password, message) => {
    const client = new BrowserLikeClient(server.url);
    const { interactionPath } = await openSignInPage(client);
    const page = await client.request('POST', `${interactionPath}/create-account`, {
      form: { firstName: 'Pat', lastName: '', email: 'same@example.com', password },
      headers: from('192.0.2.201'),
    });
    expect(page.status).toBe(400);
    expect(page.body).toContain(message.replaceAll("'", '&#39;'));
  });
});

describe('requests to the sign-in endpoints', () => {
  const limited = useTestApp({ env: { TRUST_PROXY: '127.0.0.1', SIGN_IN_RATE_LIMIT: '5' } });

  it('are limited per address, with Retry-After in the error format', async () => {
    const flood = (address: string, accept = 'application/json') =>
      // Raw inject: each flood comes from an address of its own, which only inject can set.
      limited.app.inject({
        url: '/oidc/.well-known/openid-configuration',
        headers: { ...from(address), accept },
      });
    for (let i = 0; i < 5; i += 1) expect((await flood('203.0.113.5')).statusCode).toBe(200);
    const refused = await flood('203.0.113.5');
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toMatch(/^\d+$/);
    expect(refused.json()).toEqual({ message: expect.stringContaining('Too many requests') });
    const page = await limited.app.inject({
      url: '/interaction/whatever',
      headers: { ...from('203.0.113.5'), accept: 'text/html' },
    });
    expect(page.statusCode).toBe(429);
    expect(page.headers['content-type']).toContain('text/html');
    expect((await flood('192.0.2.5')).statusCode).toBe(200);
  });
});

describe('the hashing queue', () => {
  it('runs at most its concurrency at once and refuses past its backlog', async () => {
    const queue = createHashingQueue({ concurrency: 2, maxWaiting: 2 });
    let running = 0;
    let most = 0;
    const releases: (() => void)[] = [];
    const work = () =>
      new Promise<void>((resolve) => {
        running += 1;
        most = Math.max(most, running);
        releases.push(() => {
          running -= 1;
          resolve();
        });
      });
    const accepted = [1, 2, 3, 4].map(() => queue.run(work));
    await expect(queue.run(work)).rejects.toBeInstanceOf(HashingBusyError);
    let finished = 0;
    while (finished < 4) {
      await new Promise((resolve) => setTimeout(resolve, 5));
      expect(running).toBeLessThanOrEqual(2);
      for (const release of releases.splice(0)) {
        release();
        finished += 1;
      }
    }
    await Promise.all(accepted);
    expect(most).toBe(2);
  });
});
