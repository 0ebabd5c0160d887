import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubFetch } from '#client/testing/fetch';
import { getCurrentUser } from './get-user';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('getCurrentUser', () => {
  it('asks GET /api/user', async () => {
    const fetchMock = stubFetch(Response.json({ id: 'u1' }));
    await expect(getCurrentUser()).resolves.toEqual({ id: 'u1' });
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/user');
  });

  it('resolves a 401 to null: nobody is signed in', async () => {
    stubFetch(new Response('Unauthorized', { status: 401 }));
    await expect(getCurrentUser()).resolves.toBeNull();
  });

  it('fails on any other refusal', async () => {
    stubFetch(new Response('boom', { status: 500 }));
    await expect(getCurrentUser()).rejects.toThrow('500: boom');
  });
});
