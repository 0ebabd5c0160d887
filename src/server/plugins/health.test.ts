import { describe, expect, it } from 'vitest';
import type { Readiness } from './health.ts';
import { apiClient } from '../testing/api-client.ts';
import { useBuiltTestApp } from '../testing/use-test-app.ts';

const readiness: Readiness = { ready: false };
const server = useBuiltTestApp({ deps: { readiness } });

describe('health checks', () => {
  it('/healthz answers while the process runs, storing nothing', async () => {
    const response = await apiClient(server.app).get('/healthz');
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ status: 'ok' });
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers['set-cookie']).toBeUndefined();
  });

  it('/readyz is 503 until start-up is done, then ready while the database answers', async () => {
    readiness.ready = false;
    const starting = await apiClient(server.app).get('/readyz');
    expect(starting.status).toBe(503);
    expect(starting.body).toEqual({ message: expect.any(String) });

    readiness.ready = true;
    const ready = await apiClient(server.app).get('/readyz');
    expect(ready.status).toBe(200);
    expect(ready.body).toEqual({ status: 'ready' });
    expect(ready.headers['set-cookie']).toBeUndefined();
    expect(ready.headers['cache-control']).toBe('no-store');
  });
});
