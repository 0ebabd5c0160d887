/**
 * Garbage at every route the app registers, read from the app itself, so a route added
 * later is covered without editing this file: path parameters, query values and bodies
 * that are NUL bytes, lone surrogates, huge strings, wrong types, arrays for objects,
 * impossible dates and numbers. No answer may be a 5xx, and every API error is `{ message }`.
 */
import { writeFileSync } from 'node:fs';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { BrowserLikeClient } from './testing/browser-like-client.ts';
import { createUser } from './db/seed/factories.ts';
import { sessionCookieFor } from './testing/api-client.ts';
import { openSignInPage } from './testing/sign-in.ts';
import { useTestApp } from './testing/use-test-app.ts';

/** Raw path and query text: percent-encoded where possible, else already-encoded bytes. */
const GARBAGE_TEXT: { label: string; encoded: string }[] = [
  ...[
    '\u0000',
    'a\u0000b',
    '\u0007bell',
    'x'.repeat(10_000),
    '',
    ' ',
    '-1',
    '-99999999999',
    '1e309',
    '99999999999999999999',
    '0.5',
    'NaN',
    '0000-01-01',
    '275760-09-13',
    '+275760-09-13',
    '2024-02-30',
    '[]',
    '{}',
    'null',
    'true',
    '../../etc/passwd',
    "' OR 1=1 --",
    'tm_\u0000',
    `sfm_${'x'.repeat(300)}`,
    '😀',
  ].map((value) => ({
    label: JSON.stringify(value.slice(0, 30)),
    encoded: encodeURIComponent(value),
  })),
  // A lone surrogate cannot be percent-encoded as UTF-8; these are the bytes a client could send.
  { label: 'lone surrogate bytes', encoded: '%ED%A0%80' },
  { label: 'overlong NUL', encoded: '%C0%80' },
  { label: 'bad escape', encoded: '%zz' },
  { label: 'truncated escape', encoded: '%E2%82' },
];

/** JSON values for one field: every type but the right one, and the right type gone wrong. */
const GARBAGE_VALUES: unknown[] = [
  '\u0000',
  'a\u0000b',
  '\uD800',
  'x\uDFFFy',
  'x'.repeat(10_000),
  '',
  '0000-01-01',
  '275760-09-13',
  -1,
  -1e308,
  1e308,
  2 ** 63,
  0.5,
  true,
  null,
  [],
  ['a', 'b'],
  {},
  { nested: { deeper: ['\u0000'] } },
];

/** Whole bodies that are not the object a route expects. */
const GARBAGE_BODIES: { label: string; payload: string; contentType: string }[] = [
  { label: 'JSON array', payload: '[]', contentType: 'application/json' },
  { label: 'JSON array of objects', payload: '[{"a":1}]', contentType: 'application/json' },
  { label: 'JSON string', payload: '"text"', contentType: 'application/json' },
  { label: 'JSON number', payload: '42', contentType: 'application/json' },
  { label: 'JSON null', payload: 'null', contentType: 'application/json' },
  { label: 'bad JSON', payload: '{"a":', contentType: 'application/json' },
  { label: 'empty JSON', payload: '', contentType: 'application/json' },
  {
    label: 'deep JSON',
    payload: '['.repeat(5_000) + ']'.repeat(5_000),
    contentType: 'application/json',
  },
  { label: 'NUL in JSON', payload: '{"\\u0000":"\\u0000"}', contentType: 'application/json' },
  { label: 'text', payload: 'hello', contentType: 'text/plain' },
  { label: 'xml', payload: '<a/>', contentType: 'application/xml' },
  {
    label: 'form with NUL',
    payload: 'email=%00&password=%00&firstName=%00',
    contentType: 'application/x-www-form-urlencoded',
  },
  {
    label: 'form with arrays',
    payload: 'email=a&email=b&password[]=x',
    contentType: 'application/x-www-form-urlencoded',
  },
  {
    label: 'multipart',
    payload: '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\nb\r\n--x--',
    contentType: 'multipart/form-data; boundary=x',
  },
  {
    label: 'too large',
    payload: `{"a":"${'x'.repeat(2 * 1024 * 1024)}"}`,
    contentType: 'application/json',
  },
];

/**
 * What an API route is sent under a name it does not declare: what the query and body
 * parsers themselves must survive. Its schema drops such a name before any handler reads
 * it, so the whole list would test the same parse again. The names it declares, and every
 * name sent to the pages and the sign-in provider (which read addresses raw), get it all.
 */
const PARSER_GARBAGE_TEXT = GARBAGE_TEXT.filter(({ label }) =>
  ['"\\u0000"', 'lone surrogate bytes', 'overlong NUL', 'bad escape', 'truncated escape'].includes(
    label,
  ),
);
const PARSER_GARBAGE_VALUES: unknown[] = [
  '\u0000',
  'x'.repeat(10_000),
  [],
  { nested: { deeper: ['\u0000'] } },
];

/** Query and body names that routes use or might; the schema's own keys are added per route. */
const COMMON_NAMES = [
  'id',
  'limit',
  'offset',
  'search',
  'q',
  'before',
  'sort',
  'startDate',
  'endDate',
];

interface Route {
  method: string;
  url: string;
  queryKeys: string[];
  bodyKeys: string[];
}

function objectKeys(schema: unknown): string[] {
  return schema instanceof z.ZodObject ? Object.keys(schema.shape) : [];
}

function routesOf(app: FastifyInstance): Route[] {
  const seen = new Set<string>();
  const routes: Route[] = [];
  for (const route of app.registeredRoutes) {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      const key = `${method} ${route.url}`;
      if (method === 'HEAD' || seen.has(key)) continue;
      seen.add(key);
      routes.push({
        method,
        url: route.url,
        queryKeys: objectKeys(route.schema?.querystring),
        bodyKeys: objectKeys(route.schema?.body),
      });
    }
  }
  return routes;
}

/** The embedded provider's endpoints, which are middleware rather than routes: from its discovery document. */
async function providerEndpoints(app: FastifyInstance): Promise<Route[]> {
  // Raw inject: the provider's own protocol endpoints, outside the JSON API.
  const discovery = await app.inject({ url: '/oidc/.well-known/openid-configuration' });
  expect(discovery.statusCode).toBe(200);
  const document = discovery.json() as Record<string, unknown>;
  const paths = Object.entries(document)
    .filter(([name, value]) => /(?:_endpoint|jwks_uri)$/.test(name) && typeof value === 'string')
    .map(([, value]) => new URL(value as string).pathname);
  expect(paths.length).toBeGreaterThan(3);
  return paths.flatMap((url) =>
    ['GET', 'POST'].map((method) => ({
      method,
      url,
      queryKeys: ['client_id', 'redirect_uri', 'code', 'state', 'scope', 'id_token_hint'],
      bodyKeys: ['grant_type', 'code', 'client_id', 'client_secret', 'token', 'code_verifier'],
    })),
  );
}

const wholeGarbageFor = (route: Route, declared: string[], key: string) =>
  declared.includes(key) || !route.url.startsWith('/api/');

const withParams = (url: string, value: string) => url.replace(/:\w+|\*/g, value);

interface Case {
  route: Route;
  label: string;
  request: InjectOptions;
}

function casesFor(route: Route, liveParams: (url: string) => string): Case[] {
  const cases: Case[] = [];
  const base = liveParams(route.url);
  if (/:\w+|\*/.test(route.url)) {
    for (const garbage of GARBAGE_TEXT) {
      cases.push({
        route,
        label: `path ${garbage.label}`,
        request: { url: withParams(route.url, garbage.encoded) },
      });
    }
  }
  const queryKeys = [...new Set([...route.queryKeys, ...COMMON_NAMES])];
  for (const key of queryKeys) {
    const garbageTexts = wholeGarbageFor(route, route.queryKeys, key)
      ? GARBAGE_TEXT
      : PARSER_GARBAGE_TEXT;
    for (const garbage of garbageTexts) {
      cases.push({
        route,
        label: `query ${key}=${garbage.label}`,
        request: { url: `${base}?${key}=${garbage.encoded}` },
      });
    }
    cases.push({
      route,
      label: `query ${key} twice`,
      request: { url: `${base}?${key}=1&${key}=2` },
    });
    cases.push({
      route,
      label: `query ${key}[]`,
      request: { url: `${base}?${key}[]=1&${key}[a]=2` },
    });
  }
  if (route.method !== 'GET') {
    const bodyKeys = [
      ...new Set([
        ...route.bodyKeys,
        ...COMMON_NAMES,
        'concertId',
        'email',
        'password',
        'firstName',
      ]),
    ];
    for (const key of bodyKeys) {
      const values = wholeGarbageFor(route, route.bodyKeys, key)
        ? GARBAGE_VALUES
        : PARSER_GARBAGE_VALUES;
      for (const value of values) {
        cases.push({
          route,
          label: `body ${key}=${JSON.stringify(value)?.slice(0, 30)}`,
          request: {
            url: base,
            payload: JSON.stringify({ [key]: value }),
            headers: { 'content-type': 'application/json' },
          },
        });
      }
    }
    for (const body of GARBAGE_BODIES) {
      cases.push({
        route,
        label: `body ${body.label}`,
        request: {
          url: base,
          payload: body.payload,
          headers: { 'content-type': body.contentType },
        },
      });
    }
  }
  return cases.map((c) => ({
    ...c,
    request: { ...c.request, method: route.method as InjectOptions['method'] },
  }));
}

/** Pages and the OAuth protocol answer in their own formats; everything else is the JSON API. */
const answersJson = (url: string) =>
  !url.startsWith('/interaction') && !url.startsWith('/oidc') && !url.startsWith('/account');

const server = useTestApp({
  env: {
    API_RATE_LIMIT: '1000000',
    SIGN_IN_RATE_LIMIT: '1000000',
    SIGNUPS_PER_IP_PER_HOUR: '1000000',
  },
});
let signedInCookie: string;

beforeAll(async () => {
  signedInCookie = await sessionCookieFor(server, (await createUser(server.db())).id);
});

describe('every route, given garbage', () => {
  it('never answers 5xx, and API errors are { message }', async () => {
    const { app } = server;
    // A live sign-in interaction, so the sign-in and sign-up handlers run past their first check.
    const visitor = new BrowserLikeClient(server.url);
    const { interactionPath } = await openSignInPage(visitor);
    const uid = interactionPath.split('/').pop()!;
    const visitorCookie = await visitor.jar.getCookieString(
      `${server.url}${interactionPath}/login`,
    );

    const routes = [...routesOf(app), ...(await providerEndpoints(app))];
    const failures: string[] = [];
    let sent = 0;
    for (const route of routes) {
      const live = route.url.startsWith('/interaction');
      const cases = casesFor(route, (url) =>
        live ? url.replace(':uid', uid) : withParams(url, 'x'),
      );
      for (const { label, request } of cases) {
        for (const cookie of [live ? visitorCookie : '', signedInCookie]) {
          sent += 1;
          // Raw inject: the garbage is in the request's own bytes, which no helper may tidy.
          const response = await app.inject({
            ...request,
            headers: {
              accept: 'application/json',
              ...request.headers,
              ...(cookie ? { cookie } : {}),
            },
          });
          const where = `${route.method} ${route.url} ${label}${cookie ? ' (with cookie)' : ''}`;
          if (response.statusCode >= 500) {
            failures.push(`${where}: ${response.statusCode} ${response.body.slice(0, 200)}`);
          } else if (response.statusCode >= 400 && answersJson(route.url)) {
            const body = safeJson(response.body);
            if (typeof body?.message !== 'string') {
              failures.push(
                `${where}: ${response.statusCode} not { message }: ${response.body.slice(0, 200)}`,
              );
            }
          }
        }
      }
    }
    // ALL_ROUTES_REPORT=file writes what was sent and what failed, for reading at leisure.
    if (process.env.ALL_ROUTES_REPORT) {
      const summary = `${routes.length} routes, ${sent} requests, ${failures.length} failures`;
      writeFileSync(process.env.ALL_ROUTES_REPORT, [summary, ...failures].join('\n'));
    }
    expect(failures).toEqual([]);
    // The walk reached every kind of route, including ones added after this test was written.
    expect(routes.length).toBeGreaterThan(25);
    expect(sent).toBeGreaterThan(5_000);
    expect(PARSER_GARBAGE_TEXT).toHaveLength(5);
  }, 600_000);
});

function safeJson(text: string): { message?: unknown } | undefined {
  try {
    return JSON.parse(text) as { message?: unknown };
  } catch {
    return undefined;
  }
}
