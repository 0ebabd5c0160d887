/**
 * Sign-in returns where the person was going: /api/login?next={path} carries the path
 * through the provider's pages to the callback, for signing in and for a new account, and
 * takes only a path of this site.
 */
import { describe, expect, it } from 'vitest';
import { BrowserLikeClient, last } from '../testing/browser-like-client.ts';
import { useTestApp } from '../testing/use-test-app.ts';

const server = useTestApp();

/** Opens the provider's page through /api/login with `query`; returns its interaction path. */
async function openProviderPage(client: BrowserLikeClient, query: string) {
  const page = last(await client.navigate(`/api/login?${query}`));
  expect(page.status).toBe(200);
  return new URL(page.url).pathname;
}

let accounts = 0;

async function createAccountGoingTo(client: BrowserLikeClient, next: string) {
  accounts += 1;
  const interaction = await openProviderPage(
    client,
    `screen=create-account&next=${encodeURIComponent(next)}`,
  );
  const email = `returning${accounts}-${Date.now()}@example.com`;
  const hops = await client.follow(
    await client.request('POST', `${interaction}/create-account`, {
      form: { firstName: 'Rita', lastName: 'Returns', email, password: 'a good password' },
    }),
  );
  return { email, landed: new URL(last(hops).url) };
}

describe('/api/login?next=', () => {
  it('lands a new account on the page it came from, query included', async () => {
    const next = '/concerts/7b0c8f7e-4a2e-4a57-9a51-3f1d1c1a2b3c?tab=reviews';
    const { landed } = await createAccountGoingTo(new BrowserLikeClient(server.url), next);
    expect(`${landed.pathname}${landed.search}`).toBe(next);
  });

  it('lands someone signing in on the page it came from', async () => {
    const { email } = await createAccountGoingTo(new BrowserLikeClient(server.url), '/wishlist');
    const client = new BrowserLikeClient(server.url);
    const interaction = await openProviderPage(client, 'next=%2Fnotifications');
    const hops = await client.follow(
      await client.request('POST', `${interaction}/login`, {
        form: { email, password: 'a good password' },
      }),
    );
    expect(new URL(last(hops).url).pathname).toBe('/notifications');
  });

  it('lands on /discover without a next', async () => {
    const client = new BrowserLikeClient(server.url);
    const interaction = await openProviderPage(client, 'screen=create-account');
    const hops = await client.follow(
      await client.request('POST', `${interaction}/create-account`, {
        form: {
          firstName: 'Dora',
          lastName: 'Default',
          email: `default-${Date.now()}@example.com`,
          password: 'a good password',
        },
      }),
    );
    expect(new URL(last(hops).url).pathname).toBe('/discover');
  });

  it.each([
    'https://evil.example/phish',
    '//evil.example/phish',
    '/\\evil.example',
    'javascript:alert(1)',
    'concerts/1',
    '/api/logout',
    '/\n/evil.example',
    '/ /evil.example',
    `/${'a'.repeat(600)}`,
  ])('refuses next=%s with a 400 and a message, before any redirect', async (next) => {
    const client = new BrowserLikeClient(server.url);
    const response = await client.request('GET', `/api/login?next=${encodeURIComponent(next)}`, {
      headers: { accept: 'application/json' },
    });
    expect(response.status).toBe(400);
    expect(JSON.parse(response.body)).toEqual({ message: expect.stringContaining('next') });
  });
});
