import { expect } from 'vitest';
import { BrowserLikeClient, last } from './browser-like-client.ts';

/** Walks /api/login to the embedded provider's sign-in page; returns it and its path. */
export async function openSignInPage(client: BrowserLikeClient, screen?: string) {
  const hops = await client.navigate(`/api/login${screen ? `?screen=${screen}` : ''}`);
  const page = last(hops);
  expect(page.status).toBe(200);
  const interactionPath = new URL(page.url).pathname;
  expect(interactionPath).toMatch(/^\/interaction\/[\w-]+$/);
  return { page, interactionPath };
}

export interface NewAccount {
  firstName: string;
  lastName?: string;
  email: string;
  password: string;
}

/** Creates a local account through the real pages; returns every hop after submitting. */
export async function createAccount(client: BrowserLikeClient, fields: NewAccount) {
  const { interactionPath } = await openSignInPage(client);
  const submitted = await client.request('POST', `${interactionPath}/create-account`, {
    form: { lastName: '', ...fields },
  });
  return client.follow(submitted);
}

export async function signIn(client: BrowserLikeClient, email: string, password: string) {
  const { interactionPath } = await openSignInPage(client);
  return client.follow(
    await client.request('POST', `${interactionPath}/login`, { form: { email, password } }),
  );
}

let accounts = 0;

/** A new person, signed in: the client carries their session cookie. */
export async function signedInClient(baseUrl: string, fields: Partial<NewAccount> = {}) {
  accounts += 1;
  const client = new BrowserLikeClient(baseUrl);
  const hops = await createAccount(client, {
    firstName: 'Test',
    lastName: `Person${accounts}`,
    email: `person${accounts}-${Date.now()}@example.com`,
    password: 'a good password',
    ...fields,
  });
  expect(new URL(last(hops).url).pathname).toBe('/discover');
  const me = await client.request('GET', '/api/user', { headers: { accept: 'application/json' } });
  const user = JSON.parse(me.body) as { id: string };
  return { client, userId: user.id };
}

export async function getJson(client: BrowserLikeClient, path: string) {
  const response = await client.request('GET', path, { headers: { accept: 'application/json' } });
  return { status: response.status, body: JSON.parse(response.body) as unknown };
}
