import { describe, expect, it } from 'vitest';
import type { Readiness } from './health.ts';
import { useBuiltTestApp } from '../testing/use-test-app.ts';

const readiness: Readiness = { ready: false };
const server = useBuiltTestApp({ deps: { readiness } });

describe('health checks', () => {
  it('/healthz answers while the process runs, storing nothing', async () => {
    const response = await server.app.inject({ url: '/healthz' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers['set-cookie']).toBeUndefined();
  });

  it('/readyz is 503 until start-up is done, then ready while the database answers', async () => {
    readiness.ready = false;
    const starting = await server.app.inject({ url: '/readyz' });
    expect(starting.statusCode).toBe(503);
    expect(starting.json()).toEqual({ message: expect.any(String) });

    readiness.ready = true;
    const ready = await server.app.inject({ url: '/readyz' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ready' });
    expect(ready.headers['set-cookie']).toBeUndefined();
    expect(ready.headers['cache-control']).toBe('no-store');
  });
});
