import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubFetch } from '#client/testing/fetch';
import { currentUserQueryOptions } from './get-user';

afterEach(() => {
  vi.unstubAllGlobals();
});

/** The signed-in person as a fresh cache asks for them. */
const fetchCurrentUser = () =>
  new QueryClient({ defaultOptions: { queries: { retry: false } } }).fetchQuery(
    currentUserQueryOptions(),
  );

describe('the current user query', () => {
  it('asks GET /api/user', async () => {
    const fetchMock = stubFetch(Response.json({ id: 'u1' }));
    await expect(fetchCurrentUser()).resolves.toEqual({ id: 'u1' });
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/user');
  });

  it('resolves a 401 to null: nobody is signed in', async () => {
    stubFetch(new Response('Unauthorized', { status: 401 }));
    await expect(fetchCurrentUser()).resolves.toBeNull();
  });

  it('fails on any other refusal', async () => {
    stubFetch(new Response('boom', { status: 500 }));
    await expect(fetchCurrentUser()).rejects.toThrow('500: boom');
  });
});
