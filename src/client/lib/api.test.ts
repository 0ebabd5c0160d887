import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiRequest, getQueryFn, serverMessage } from './api';

function stubFetch(response: Response) {
  const fetchMock = vi.fn<typeof fetch>().mockResolvedValue(response);
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function queryContext(queryKey: readonly unknown[]) {
  return { queryKey, signal: new AbortController().signal, meta: undefined } as never;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('apiRequest', () => {
  it('sends JSON with credentials', async () => {
    const fetchMock = stubFetch(new Response('{}', { status: 200 }));
    await apiRequest('POST', '/api/wishlist', { concertId: 'c1' });
    expect(fetchMock).toHaveBeenCalledWith(
      '/api/wishlist',
      expect.objectContaining({
        method: 'POST',
        credentials: 'include',
        headers: { 'Content-Type': 'application/json' },
        body: '{"concertId":"c1"}',
      }),
    );
  });

  it('turns a non-OK answer into "<status>: <body>"', async () => {
    stubFetch(new Response('{"message":"Review not found"}', { status: 404 }));
    await expect(apiRequest('GET', '/api/reviews/1')).rejects.toThrow(
      '404: {"message":"Review not found"}',
    );
  });

  it('falls back to the status text when the body is empty', async () => {
    stubFetch(new Response(null, { status: 503, statusText: 'Service Unavailable' }));
    await expect(apiRequest('GET', '/api/concerts')).rejects.toThrow('503: Service Unavailable');
  });
});

describe('getQueryFn', () => {
  it('GETs its URL whatever the query key', async () => {
    const fetchMock = stubFetch(Response.json({ count: 2 }));
    const load = getQueryFn<{ count: number }>('/api/users/u1/stats', { on401: 'throw' });
    await expect(load(queryContext(['users', 'stats', 'u1']))).resolves.toEqual({ count: 2 });
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/users/u1/stats');
  });

  it('resolves a 401 to null when asked to', async () => {
    stubFetch(new Response('Unauthorized', { status: 401 }));
    const load = getQueryFn('/api/user', { on401: 'returnNull' });
    await expect(load(queryContext(['auth', 'current-user']))).resolves.toBeNull();
  });

  it('throws on a 401 by default', async () => {
    stubFetch(new Response('Unauthorized', { status: 401 }));
    const load = getQueryFn('/api/wishlist', { on401: 'throw' });
    await expect(load(queryContext(['wishlist', 'entries']))).rejects.toThrow('401: Unauthorized');
  });
});

describe('serverMessage', () => {
  it('reads the message of a JSON error body', () => {
    expect(serverMessage(new ApiError(400, 'Bad Request', '{"message":"Too short"}'))).toBe(
      'Too short',
    );
  });

  it('uses a plain-text body as is', () => {
    expect(serverMessage(new ApiError(500, 'Internal Server Error', 'boom'))).toBe('boom');
  });

  it('has nothing to say about other errors or empty bodies', () => {
    expect(serverMessage(new Error('offline'))).toBeUndefined();
    expect(serverMessage(new ApiError(502, 'Bad Gateway', ''))).toBeUndefined();
  });
});
