import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type buildApp } from '../app.ts';
import type { DatabaseHandle } from '../db/index.ts';
import { createTestDatabase } from '../testing/test-database.ts';
import type { Readiness } from './health.ts';
import { buildTestApp } from '../testing/test-app.ts';

let database: DatabaseHandle;
const readiness: Readiness = { ready: false };
let app: Awaited<ReturnType<typeof buildApp>>;

beforeAll(async () => {
  database = await createTestDatabase();
  app = await buildTestApp(database.db, { deps: { readiness } });
  await app.ready();
});
afterAll(async () => {
  await app?.close();
  await database?.close();
});

describe('health checks', () => {
  it('/healthz answers while the process runs, storing nothing', async () => {
    const response = await app.inject({ url: '/healthz' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers['set-cookie']).toBeUndefined();
  });

  it('/readyz is 503 until start-up is done, then ready while the database answers', async () => {
    readiness.ready = false;
    const starting = await app.inject({ url: '/readyz' });
    expect(starting.statusCode).toBe(503);
    expect(starting.json()).toEqual({ message: expect.any(String) });

    readiness.ready = true;
    const ready = await app.inject({ url: '/readyz' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ready' });
    expect(ready.headers['set-cookie']).toBeUndefined();
    expect(ready.headers['cache-control']).toBe('no-store');
  });
});
