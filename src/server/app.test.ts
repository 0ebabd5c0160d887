import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { loadConfig } from './config.ts';
import { buildTestApp } from './testing/test-app.ts';
import { useBuiltTestApp } from './testing/use-test-app.ts';

// Raw inject throughout: these tests are of the HTTP plumbing itself (headers, origins, bodies).
const server = useBuiltTestApp({
  routes(app) {
    // A route that fails the way a bug would, to see what the client gets.
    app.get('/api/__explode', async () => {
      throw new Error('secret internals: password=hunter2');
    });
    app.post(
      '/api/__echo',
      { schema: { body: z.object({ name: z.string().min(2) }) } },
      async (request) => request.body,
    );
  },
});

describe('errors and bad input', () => {
  it('answers an unknown API path with a JSON 404', async () => {
    const response = await server.app.inject({ method: 'GET', url: '/api/no-such-thing?x=1' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: 'Not found: GET /api/no-such-thing' });
  });

  it('names the query field that is wrong', async () => {
    const response = await server.app.inject({
      method: 'GET',
      url: '/api/analytics/top-venues?limit=abc',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(/^Invalid query field 'limit': limit must be a number/);
  });

  it('names the body field that is wrong', async () => {
    const response = await server.app.inject({
      method: 'POST',
      url: '/api/__echo',
      payload: { name: 'x' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(/^Invalid body field 'name'/);
  });

  it.each([
    ['malformed JSON with a 400', '{"name":', 400, 'Request body is not valid JSON'],
    [
      'a body over the limit with a 413',
      JSON.stringify({ name: 'x'.repeat(1024 * 1024 + 10) }),
      413,
      'Request body is too large',
    ],
  ])('refuses %s', async (_case, payload, status, message) => {
    const response = await server.app.inject({
      method: 'POST',
      url: '/api/__echo',
      headers: { 'content-type': 'application/json' },
      payload,
    });
    expect(response.statusCode).toBe(status);
    expect(response.json()).toEqual({ message });
  });

  it('hides internals of unexpected errors and tags the response with its request id', async () => {
    const response = await server.app.inject({ method: 'GET', url: '/api/__explode' });
    expect(response.statusCode).toBe(500);
    expect(response.body).not.toContain('hunter2');
    const requestId = response.headers['x-request-id'];
    expect(requestId).toEqual(expect.any(String));
    expect(response.json()).toEqual({ message: 'Something went wrong on our side', requestId });
  });

  it('answers a 401 with a message when a signed-in call has no session', async () => {
    const response = await server.app.inject({
      method: 'GET',
      url: '/api/notifications/unread-count',
    });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ message: 'Not signed in' });
  });
});

describe('API documentation', () => {
  it('publishes an OpenAPI document built from the route schemas', async () => {
    const response = await server.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const document = response.json();
    expect(document.openapi).toMatch(/^3\./);
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining([
        '/api/user',
        '/api/analytics/top-venues',
        '/api/analytics/top-artists',
      ]),
    );
    expect(document.paths['/api/analytics/top-venues'].get.parameters[0].name).toBe('limit');
  });

  it('serves a browsable page at /api/docs', async () => {
    const response = await server.app.inject({ method: 'GET', url: '/api/docs' });
    const page =
      response.statusCode === 302
        ? await server.app.inject({ method: 'GET', url: response.headers.location! })
        : response;
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
  });
});

describe('security headers', () => {
  it('sends a content security policy', async () => {
    const response = await server.app.inject({ method: 'GET', url: '/api/analytics/top-venues' });
    expect(response.headers['content-security-policy']).toContain("default-src 'self'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
  });

  it('sends the same headers, each once, on answers of our own, errors and the provider’s own', async () => {
    const answers = await Promise.all(
      [
        '/api/analytics/top-venues',
        '/api/no-such-thing',
        '/api/__explode',
        // Written by the embedded provider's middleware, past Fastify's reply.
        '/oidc/.well-known/openid-configuration',
      ].map((url) => server.app.inject({ method: 'GET', url })),
    );
    expect(answers.map((a) => a.statusCode)).toEqual([200, 404, 500, 200]);
    const securityHeaders = (headers: Record<string, unknown>) =>
      [
        'content-security-policy',
        'cross-origin-opener-policy',
        'cross-origin-resource-policy',
        'referrer-policy',
        'x-content-type-options',
        'x-frame-options',
      ].map((name) => headers[name]);
    const [first, ...others] = answers.map((a) => securityHeaders(a.headers));
    expect(first!.every((value) => typeof value === 'string')).toBe(true);
    for (const other of others) expect(other).toEqual(first);
  });
});

describe("the sign-in provider's discovery document", () => {
  it('offers only what Encore uses: the code flow with PKCE and three scopes', async () => {
    const response = await server.app.inject({ url: '/oidc/.well-known/openid-configuration' });
    const discovery = response.json() as Record<string, unknown>;
    expect(discovery.response_types_supported).toEqual(['code']);
    expect(discovery.grant_types_supported).toEqual(['authorization_code']);
    expect(discovery.scopes_supported).toEqual(['openid', 'email', 'profile']);
    expect(discovery.code_challenge_methods_supported).toEqual(['S256']);
    expect(discovery).not.toHaveProperty('pushed_authorization_request_endpoint');
  });
});

describe('behind a proxy', () => {
  const appBehind = async (env: Record<string, string>) => {
    const behind = await buildTestApp(server.db(), { env });
    behind.get('/api/__ip', async (request) => ({ ip: request.ip }));
    await behind.ready();
    return behind;
  };
  const ipSeen = async (server: FastifyInstance) =>
    (
      await server.inject({
        method: 'GET',
        url: '/api/__ip',
        headers: { 'x-forwarded-for': '6.6.6.6, 203.0.113.7' },
      })
    ).json();

  it('takes the address a proxy named in TRUST_PROXY added, not one the client wrote', async () => {
    const proxied = await appBehind({
      PUBLIC_URL: 'https://encore.example',
      TRUST_PROXY: '127.0.0.1',
    });
    try {
      expect(await ipSeen(proxied)).toEqual({ ip: '203.0.113.7' });
    } finally {
      await proxied.close();
    }
  });

  it('believes no forwarded address without TRUST_PROXY', async () => {
    const direct = await appBehind({});
    try {
      expect(await ipSeen(direct)).toEqual({ ip: '127.0.0.1' });
    } finally {
      await direct.close();
    }
  });

  it('will not start on https without knowing which proxy terminates TLS', () => {
    expect(() => loadConfig({ PUBLIC_URL: 'https://encore.example' })).toThrow(/TRUST_PROXY/);
  });

  it("builds the sign-in provider's URLs from PUBLIC_URL whatever Host a client sends", async () => {
    const proxied = await appBehind({
      PUBLIC_URL: 'https://encore.example',
      TRUST_PROXY: 'loopback',
    });
    try {
      const response = await proxied.inject({
        method: 'GET',
        url: '/oidc/.well-known/openid-configuration',
        headers: {
          host: 'evil.example',
          'x-forwarded-host': 'evil.example',
          'x-forwarded-proto': 'http',
        },
      });
      expect(response.statusCode).toBe(200);
      const endpoints = Object.entries(response.json() as Record<string, unknown>).filter(
        ([name]) => name === 'issuer' || name.endsWith('_endpoint') || name === 'jwks_uri',
      );
      expect(endpoints.length).toBeGreaterThan(4);
      for (const [name, url] of endpoints) {
        expect(url, name).toMatch(/^https:\/\/encore\.example\/oidc(\/|$)/);
      }
    } finally {
      await proxied.close();
    }
  });

  it('sends Strict-Transport-Security only when the public origin is https', async () => {
    const plain = await server.app.inject({ method: 'GET', url: '/api/analytics/top-venues' });
    expect(plain.headers['strict-transport-security']).toBeUndefined();
    const proxied = await appBehind({
      PUBLIC_URL: 'https://encore.example',
      TRUST_PROXY: 'loopback',
    });
    try {
      const secure = await proxied.inject({ method: 'GET', url: '/api/analytics/top-venues' });
      expect(secure.headers['strict-transport-security']).toMatch(/max-age=31536000/);
    } finally {
      await proxied.close();
    }
  });
});

describe('starting', () => {
  it("gives each start step STARTUP_TIMEOUT_SECONDS (60 unless set) instead of Fastify's 10", async () => {
    for (const [env, timeoutMs] of [
      [{}, 60_000],
      [{ STARTUP_TIMEOUT_SECONDS: '300' }, 300_000],
    ] as const) {
      const app = await buildTestApp(server.db(), { env });
      try {
        expect(app.initialConfig.pluginTimeout).toBe(timeoutMs);
      } finally {
        await app.close();
      }
    }
  });
});
