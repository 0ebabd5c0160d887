/**
 * Every route of a signed-in group answers a visitor 401 `{ message }`, whatever it is
 * sent: the group's guard runs before validation, so a visitor learns nothing else.
 */
import { describe, expect, it } from 'vitest';
import { useBuiltTestApp } from '../testing/use-test-app.ts';

const test = useBuiltTestApp();

/** The signed-in routes, as `METHOD /url`, read from the app itself. */
function signedInRoutes(): { method: string; url: string }[] {
  const routes = new Map<string, { method: string; url: string }>();
  for (const route of test.app.registeredRoutes) {
    if (!route.config?.signedIn) continue;
    for (const method of [route.method].flat()) {
      if (method !== 'HEAD') routes.set(`${method} ${route.url}`, { method, url: route.url });
    }
  }
  return [...routes.values()];
}

describe('signed-in groups', () => {
  it('hold the routes that need a person, and not the public ones', () => {
    const names = signedInRoutes().map(({ method, url }) => `${method} ${url}`);
    expect(names).toEqual(
      expect.arrayContaining([
        'GET /api/user',
        'GET /api/users/:id',
        'POST /api/reviews',
        'POST /api/reviews/:id/like',
        'POST /api/artists/:id/follow',
        'GET /api/users/me/calendar-feed',
        'POST /api/upload',
        'GET /api/wishlist',
      ]),
    );
    for (const publicRoute of [
      'GET /api/reviews',
      'GET /api/reviews/:id',
      'GET /api/users/:id/reviews',
      'GET /api/users/username/:username/year/:year',
      'GET /api/artists/:id',
      'GET /api/calendar/:file',
    ]) {
      expect(names).not.toContain(publicRoute);
    }
  });

  it('answer every visitor 401 with a message, before looking at what was sent', async () => {
    const routes = signedInRoutes();
    expect(routes.length).toBeGreaterThan(40);
    for (const { method, url } of routes) {
      const response = await test.app.inject({
        method: method as 'GET',
        url: url.replace(/:\w+/g, 'not-an-id'),
        ...(method === 'GET' || method === 'DELETE'
          ? {}
          : { payload: '{"not":"valid"}', headers: { 'content-type': 'application/json' } }),
      });
      expect({ route: `${method} ${url}`, status: response.statusCode }).toEqual({
        route: `${method} ${url}`,
        status: 401,
      });
      expect(response.json()).toEqual({ message: 'Not signed in' });
    }
  });

  it('declare that 401 in the API document, each of them', async () => {
    const document = (await test.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
      paths: Record<string, Record<string, { responses: Record<string, unknown> }>>;
    };
    for (const { method, url } of signedInRoutes()) {
      const operation = document.paths[url.replace(/:(\w+)/g, '{$1}')]?.[method.toLowerCase()];
      expect({ route: `${method} ${url}`, has401: Boolean(operation?.responses['401']) }).toEqual({
        route: `${method} ${url}`,
        has401: true,
      });
    }
  });
});
