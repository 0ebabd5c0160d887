import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubFetch } from '#client/testing/fetch';
import { api, ApiError, apiUrl, isUnauthorized, serverMessage } from './api';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('api', () => {
  it('sends JSON with credentials to a path under /api', async () => {
    const fetchMock = stubFetch(new Response('{}', { status: 200 }));
    await api.post('/wishlist', { concertId: 'c1' });
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

  it('GETs with the search and answers the parsed JSON', async () => {
    const fetchMock = stubFetch(Response.json({ count: 2 }));
    await expect(
      api.get<{ count: number }>('/users/u1/stats', { search: { limit: '3' } }),
    ).resolves.toEqual({ count: 2 });
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/users/u1/stats?limit=3');
  });

  it('reads an empty answer as null', async () => {
    stubFetch(new Response(null, { status: 204 }));
    await expect(api.delete('/wishlist/c1')).resolves.toBeNull();
  });

  it('turns a non-OK answer into "<status>: <body>" carrying the server\'s message', async () => {
    stubFetch(new Response('{"message":"Review not found"}', { status: 404 }));
    const failure = api.get('/reviews/1');
    await expect(failure).rejects.toThrow('404: {"message":"Review not found"}');
    await expect(failure).rejects.toMatchObject({ status: 404, serverMessage: 'Review not found' });
  });

  it('falls back to the status text when the body is empty', async () => {
    stubFetch(new Response(null, { status: 503, statusText: 'Service Unavailable' }));
    await expect(api.get('/concerts')).rejects.toThrow('503: Service Unavailable');
  });

  it('fails a 401 like any other refusal', async () => {
    stubFetch(new Response('Unauthorized', { status: 401 }));
    const failure = api.get('/wishlist');
    await expect(failure).rejects.toThrow('401: Unauthorized');
    expect(isUnauthorized(await failure.catch((error: unknown) => error))).toBe(true);
  });
});

describe('apiUrl', () => {
  it.each([
    ['/users/me/export', undefined, '/api/users/me/export'],
    ['/reviews', { feed: 'following', limit: '20' }, '/api/reviews?feed=following&limit=20'],
    [
      '/concerts',
      'includeTicketmaster=true&limit=24',
      '/api/concerts?includeTicketmaster=true&limit=24',
    ],
    ['/rankings', '', '/api/rankings'],
  ])('%s with %j is %s', (path, search, expected) => {
    expect(apiUrl(path, search)).toBe(expected);
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
