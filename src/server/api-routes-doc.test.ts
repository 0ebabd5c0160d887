/**
 * docs/product.md lists every route the app answers (§7), as `npm run docs:routes` writes
 * them from the route table: a route added, removed, moved between the public and the
 * signed-in groups, or given another summary, query or body fails here until the doc is
 * written again.
 */
import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { API_ROUTES_DOC, apiRoutesIn, renderApiRoutes } from '../../scripts/api-routes.ts';
import { useBuiltTestApp } from './testing/use-test-app.ts';

const test = useBuiltTestApp();

describe('the routes in docs/product.md', () => {
  it('are the app’s routes, as npm run docs:routes writes them', async () => {
    const doc = await readFile(API_ROUTES_DOC, 'utf8');
    expect(
      apiRoutesIn(doc),
      'docs/product.md differs from the app’s routes: run `npm run docs:routes`',
    ).toBe(renderApiRoutes(test.app));
  });

  it('say who may call each route, with its query and body, and what answers outside /api', () => {
    // Each row with its padding squeezed to one space.
    const lines = renderApiRoutes(test.app)
      .split('\n')
      .map((line) => line.replace(/ +/g, ' '));
    const row = (start: string) => lines.find((line) => line.startsWith(start));
    expect(row('| GET | `/api/users/username/{username}/year/{year}/image.png`')).toContain(
      '| public | | The shareable picture of a year',
    );
    expect(row('| POST | `/api/wishlist` ')).toContain('| signed in | body: concertId |');
    expect(row('| GET | `/api/reviews` ')).toContain('| public | query: `limit`, `sort`');
    expect(row('| POST | `/api/upload` ')).toContain('| signed in |');
    expect(row('| GET | `/healthz`')).toBeDefined();
    expect(row('| GET | `/uploads/*`')).toBeDefined();
    expect(row('| any | `/oidc`, `/oidc/*`')).toBeDefined();
    expect(lines.some((line) => line.includes('HEAD'))).toBe(false);
  });
});
